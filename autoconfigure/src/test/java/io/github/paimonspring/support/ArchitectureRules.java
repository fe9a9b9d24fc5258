package io.github.paimonspring.support;

import java.lang.reflect.Executable;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import org.jspecify.annotations.NullMarked;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;

/**
 * ArchUnit rules the modules' architecture tests share.
 */
public final class ArchitectureRules {

	private static final String BASE = "io.github.paimonspring";

	/** Servlet, Spring MVC, spring-web (HTTP) and Tomcat types, and Spring Boot's support for them. */
	public static final String[] WEB_TYPES = { "jakarta.servlet..", "org.springframework.web..",
			"org.springframework.http..", "org.apache.catalina..", "org.apache.tomcat..", "org.apache.coyote..",
			"org.springframework.boot.web..", "org.springframework.boot.webmvc..", "org.springframework.boot.tomcat..",
			"org.springframework.boot.servlet.." };

	/**
	 * The core's API (docs/architecture.md, "public API"): the types applications and the technology modules
	 * ({@code admin}, {@code kafka}, ...) may use; everything else of the core is internal.
	 */
	public static final Set<String> CORE_API = Set.of(
			// root
			"io.github.paimonspring.PaimonException", "io.github.paimonspring.PaimonArgumentException",
			"io.github.paimonspring.PaimonStateException", "io.github.paimonspring.PaimonCommitException",
			"io.github.paimonspring.PaimonUnavailableException", "io.github.paimonspring.PaimonWriteException",
			"io.github.paimonspring.UnsupportedTableException", "io.github.paimonspring.PeriodicLifecycle",
			// arrow
			"io.github.paimonspring.arrow.ArrowBatchConverter",
			"io.github.paimonspring.arrow.ArrowTypes", "io.github.paimonspring.arrow.ArrowDataException",
			"io.github.paimonspring.arrow.ArrowFormatException",
			// arrow.ipc: the one gate of Arrow IPC input
			"io.github.paimonspring.arrow.ipc.ArrowIpcReader", "io.github.paimonspring.arrow.ipc.ArrowMessageGate",
			"io.github.paimonspring.arrow.ipc.CheckedArrowStreamReader",
			"io.github.paimonspring.arrow.ipc.ArrowIpcLimits", "io.github.paimonspring.arrow.ipc.ArrowMemoryBudget",
			"io.github.paimonspring.arrow.ipc.ArrowIpcFramingException",
			"io.github.paimonspring.arrow.ipc.ArrowIpcLimitException",
			"io.github.paimonspring.arrow.ipc.ArrowIpcBusyException",
			// catalog
			"io.github.paimonspring.catalog.PaimonTables", "io.github.paimonspring.catalog.TableDefinition",
			"io.github.paimonspring.catalog.PaimonTypeParser", "io.github.paimonspring.catalog.TableNotFoundException",
			"io.github.paimonspring.catalog.TableDefinitionException",
			"io.github.paimonspring.catalog.TableMismatchException",
			"io.github.paimonspring.catalog.SchemaEvolutionPolicy", "io.github.paimonspring.catalog.CommitFence",
			// write
			"io.github.paimonspring.write.ArrowWriteBuilder", "io.github.paimonspring.write.ArrowTableWrite",
			"io.github.paimonspring.write.ArrowCommitMessages", "io.github.paimonspring.write.ArrowTableCommit",
			"io.github.paimonspring.write.BucketPlan", "io.github.paimonspring.write.CommitResult",
			"io.github.paimonspring.write.CommitUsers", "io.github.paimonspring.write.SchemaChangeListener",
			"io.github.paimonspring.write.lane.BucketRouter", "io.github.paimonspring.write.schema.SchemaEvolution",
			// postpone
			"io.github.paimonspring.postpone.BucketPlanException",
			"io.github.paimonspring.postpone.FixedBucketConflictException",
			// ingest
			"io.github.paimonspring.ingest.Ingester", "io.github.paimonspring.ingest.IngestSettings",
			"io.github.paimonspring.ingest.IngestListener", "io.github.paimonspring.ingest.KeyClaims",
			"io.github.paimonspring.ingest.LocalKeyClaims",
			"io.github.paimonspring.ingest.JdbcKeyClaims", "io.github.paimonspring.ingest.HeldKey",
			"io.github.paimonspring.ingest.ChannelState", "io.github.paimonspring.ingest.ChannelFencedException",
			"io.github.paimonspring.ingest.ChannelOrderException",
			"io.github.paimonspring.ingest.ChannelOverlapException",
			"io.github.paimonspring.ingest.ChannelStateExpiredException",
			"io.github.paimonspring.ingest.IngestGroupException", "io.github.paimonspring.ingest.IngestBusyException",
			"io.github.paimonspring.ingest.IngestShutDownException",
			// core
			"io.github.paimonspring.core.PaimonOperations", "io.github.paimonspring.core.PaimonWriter",
			"io.github.paimonspring.core.WriteCallback", "io.github.paimonspring.core.WriteSession",
			"io.github.paimonspring.core.WriteResult", "io.github.paimonspring.core.WriteRequest",
			"io.github.paimonspring.core.IdempotentIngest",
			"io.github.paimonspring.core.IngestChannel", "io.github.paimonspring.core.IngestChannels",
			"io.github.paimonspring.core.TableWriteListener",
			"io.github.paimonspring.core.PaimonWriterObservationConvention",
			"io.github.paimonspring.core.DefaultPaimonWriterObservationConvention",
			"io.github.paimonspring.core.PaimonWriterObservationContext",
			// maintenance
			"io.github.paimonspring.maintenance.PaimonMaintenance",
			"io.github.paimonspring.maintenance.TableMaintenance",
			"io.github.paimonspring.maintenance.CompactionResult",
			"io.github.paimonspring.maintenance.OrphanFilesResult", "io.github.paimonspring.maintenance.TableState",
			"io.github.paimonspring.maintenance.PendingFiles", "io.github.paimonspring.maintenance.MaintenanceListener",
			"io.github.paimonspring.maintenance.MaintenanceRun", "io.github.paimonspring.maintenance.MaintenancePolicy",
			"io.github.paimonspring.maintenance.MaintenanceSchedule",
			"io.github.paimonspring.maintenance.OrphanFileCleanup",
			// cluster: what technology modules share with the other instances
			"io.github.paimonspring.cluster.StateStore", "io.github.paimonspring.cluster.InstanceRegistry",
			// actuate
			"io.github.paimonspring.actuate.PaimonEndpointSection",
			// autoconfigure: a module's auto-configuration runs after the core's
			"io.github.paimonspring.autoconfigure.PaimonAutoConfiguration");

	/**
	 * The internal types of the core that the public and protected members of a type name in their signatures
	 * (return, parameter and exception types, with their type arguments), each as {@code type.member names
	 * internal}: a type outside {@link #CORE_API} whose name starts with the base package, nested types counted
	 * as their top-level type.
	 * @param type the type to look at
	 * @return the findings, empty when the signatures name API types only
	 */
	public static List<String> internalTypesInSignatures(Class<?> type) {
		List<String> found = new ArrayList<>();
		List<Executable> members = new ArrayList<>(Arrays.asList(type.getDeclaredMethods()));
		members.addAll(Arrays.asList(type.getDeclaredConstructors()));
		for (Executable member : members) {
			int modifiers = member.getModifiers();
			if (member.isSynthetic() || !(Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers))) {
				continue;
			}
			List<Type> named = new ArrayList<>(Arrays.asList(member.getGenericParameterTypes()));
			named.addAll(Arrays.asList(member.getGenericExceptionTypes()));
			if (member instanceof Method method) {
				named.add(method.getGenericReturnType());
			}
			String name = type.getName() + "." + ((member instanceof Method) ? member.getName() : "<init>");
			for (Type signature : named) {
				internalTypes(signature, (internal) -> {
					String finding = name + " names " + internal;
					if (!found.contains(finding)) {
						found.add(finding);
					}
				});
			}
		}
		return found;
	}

	private static void internalTypes(Type type, Consumer<String> internal) {
		if (type instanceof ParameterizedType parameterized) {
			internalTypes(parameterized.getRawType(), internal);
			for (Type argument : parameterized.getActualTypeArguments()) {
				internalTypes(argument, internal);
			}
		}
		else if (type instanceof WildcardType wildcard) {
			Arrays.stream(wildcard.getUpperBounds()).forEach((bound) -> internalTypes(bound, internal));
			Arrays.stream(wildcard.getLowerBounds()).forEach((bound) -> internalTypes(bound, internal));
		}
		else if (type instanceof GenericArrayType array) {
			internalTypes(array.getGenericComponentType(), internal);
		}
		else if (type instanceof Class<?> plain) {
			Class<?> top = plain;
			while (top.isArray()) {
				top = top.getComponentType();
			}
			while (top.getEnclosingClass() != null) {
				top = top.getEnclosingClass();
			}
			String name = top.getName();
			if (name.startsWith(BASE + ".") && !CORE_API.contains(name)) {
				internal.accept(plain.getName());
			}
		}
	}

	private ArchitectureRules() {
	}

	/**
	 * Sub-packages in a strict order: each may be used only by the ones before it.
	 * @param parent the package
	 * @param subPackages the sub-packages from the top down; an empty name is the parent itself
	 * @return the layers
	 */
	public static LayeredArchitecture chain(String parent, String... subPackages) {
		LayeredArchitecture layers = layeredArchitecture().consideringOnlyDependenciesInLayers();
		for (String sub : subPackages) {
			layers = layers.layer(sub.isEmpty() ? "api" : sub)
				.definedBy(sub.isEmpty() ? parent : parent + "." + sub + "..");
		}
		for (int i = 0; i < subPackages.length; i++) {
			String layer = subPackages[i].isEmpty() ? "api" : subPackages[i];
			String[] above = Arrays.stream(subPackages, 0, i).map((sub) -> sub.isEmpty() ? "api" : sub)
				.toArray(String[]::new);
			layers = (i == 0) ? layers.whereLayer(layer).mayNotBeAccessedByAnyLayer()
					: layers.whereLayer(layer).mayOnlyBeAccessedByLayers(above);
		}
		return layers.withOptionalLayers(true);
	}

	/**
	 * Servlet, Spring MVC, spring-web and Tomcat types appear only in the given packages of a module.
	 * @param base the module's root package
	 * @param webPackages the packages (with their sub-packages) that may use them, none for a module without
	 * a web edge
	 * @return the rule
	 */
	public static ArchRule webTypesOnlyIn(String base, String... webPackages) {
		String[] allowed = Arrays.stream(webPackages).map((name) -> name + "..").toArray(String[]::new);
		return noClasses().that()
			.resideInAPackage(base + "..")
			.and()
			.resideOutsideOfPackages(allowed)
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage(WEB_TYPES)
			.as("servlet, Spring MVC, spring-web and Tomcat types appear only in " + Arrays.toString(webPackages));
	}

	/**
	 * Every class of a module is in a package whose {@code package-info.java} is {@code @NullMarked}: NullAway
	 * ({@code OnlyNullMarked=true}) checks only such code, so a package without it would be skipped silently.
	 * @param base the module's root package
	 * @return the rule
	 */
	public static ArchRule everyPackageIsNullMarked(String base) {
		return classes().that()
			.resideInAPackage(base + "..")
			.should(new ArchCondition<JavaClass>("reside in a package whose package-info.java is @NullMarked") {

				@Override
				public void check(JavaClass item, ConditionEvents events) {
					if (!item.getPackage().isAnnotatedWith(NullMarked.class)) {
						events.add(SimpleConditionEvent.violated(item, item.getName() + " is in "
								+ item.getPackageName() + ", which has no @NullMarked package-info.java"));
					}
				}

			});
	}

	/**
	 * A technology module uses of the core only its API ({@link #CORE_API}) — besides the internal types it is still
	 * known to use, which the module's test lists until they are gone.
	 * @param module the module's root package ({@code io.github.paimonspring.admin})
	 * @param knownInternals the core's internal types the module still uses, by name
	 * @return the rule
	 */
	public static ArchRule onlyTheCoresApi(String module, Set<String> knownInternals) {
		return noClasses().that()
			.resideInAPackage(module + "..")
			.should()
			.dependOnClassesThat(DescribedPredicate.describe("are internal types of the core (not in CORE_API)",
					(JavaClass type) -> isCoreInternal(type.getName(), module) && !knownInternals.contains(
							topLevel(type.getName()))))
			.as("the classes of " + module + " use of the core only its API");
	}

	/**
	 * The core's internal types a module's classes use.
	 * @param classes the module's classes
	 * @param module the module's root package
	 * @return the names of the internal types, top-level
	 */
	public static Set<String> coreInternalsUsed(JavaClasses classes, String module) {
		return classes.stream()
			.flatMap((type) -> type.getDirectDependenciesFromSelf().stream())
			.map((dependency) -> topLevel(dependency.getTargetClass().getName()))
			.filter((name) -> isCoreInternal(name, module))
			.collect(Collectors.toCollection(TreeSet::new));
	}

	private static boolean isCoreInternal(String name, String module) {
		String type = topLevel(name);
		return type.startsWith(BASE + ".") && !type.startsWith(module + ".") && !CORE_API.contains(type);
	}

	private static String topLevel(String name) {
		int nested = name.indexOf('$');
		return (nested < 0) ? name : name.substring(0, nested);
	}

}
