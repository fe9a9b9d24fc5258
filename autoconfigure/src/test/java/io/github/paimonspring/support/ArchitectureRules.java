package io.github.paimonspring.support;

import java.util.Arrays;

import com.tngtech.archunit.core.domain.JavaClass;
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

	/** Servlet, Spring MVC, spring-web (HTTP) and Tomcat types, and Spring Boot's support for them. */
	public static final String[] WEB_TYPES = { "jakarta.servlet..", "org.springframework.web..",
			"org.springframework.http..", "org.apache.catalina..", "org.apache.tomcat..", "org.apache.coyote..",
			"org.springframework.boot.web..", "org.springframework.boot.webmvc..", "org.springframework.boot.tomcat..",
			"org.springframework.boot.servlet.." };

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

}
