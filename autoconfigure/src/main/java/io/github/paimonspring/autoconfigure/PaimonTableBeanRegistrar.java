package io.github.paimonspring.autoconfigure;

import java.util.LinkedHashMap;
import java.util.Map;

import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.catalog.SchemaEvolutionPolicy;
import io.github.paimonspring.catalog.TableDefinition;
import org.apache.paimon.table.Table;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ImportBeanDefinitionRegistrar;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotationMetadata;

/**
 * Registers one {@link Table} bean per {@code paimon.tables.<name>}, named {@code <name>}, resolved
 * (and created or checked) through {@link PaimonTables} at start-up.
 */
class PaimonTableBeanRegistrar implements ImportBeanDefinitionRegistrar {

	private final Environment environment;

	private final BeanFactory beanFactory;

	PaimonTableBeanRegistrar(Environment environment, BeanFactory beanFactory) {
		this.environment = environment;
		this.beanFactory = beanFactory;
	}

	@Override
	public void registerBeanDefinitions(AnnotationMetadata metadata, BeanDefinitionRegistry registry) {
		Map<String, PaimonProperties.Table> tables = Binder.get(this.environment)
			.bind("paimon.tables", Bindable.mapOf(String.class, PaimonProperties.Table.class))
			.orElse(Map.of());
		for (String name : tables.keySet()) {
			if (registry.containsBeanDefinition(name)) {
				continue;
			}
			BeanFactory factory = this.beanFactory;
			RootBeanDefinition definition = new RootBeanDefinition(Table.class,
					() -> factory.getBean(PaimonTables.class).getTable(name));
			definition.setTargetType(Table.class);
			registry.registerBeanDefinition(name, definition);
		}
	}

	static Map<String, TableDefinition> definitions(Map<String, PaimonProperties.Table> tables,
			SchemaEvolutionPolicy defaultSchemaEvolution) {
		Map<String, TableDefinition> definitions = new LinkedHashMap<>();
		tables.forEach((name, table) -> {
			PaimonProperties.Schema schema = table.getSchema();
			definitions.put(name, new TableDefinition(name, table.getIdentifier(), table.isCreateIfMissing(),
					schema.getColumns()
						.stream()
						.map((column) -> new TableDefinition.Column(column.getName(), column.getType(),
								column.getComment()))
						.toList(),
					schema.getPrimaryKey(), schema.getPartitionKeys(), schema.getOptions(), schema.getComment(),
					(table.getSchemaEvolution() != null) ? table.getSchemaEvolution() : defaultSchemaEvolution,
					table.getRowKindColumn()));
		});
		return definitions;
	}

}
