package dev.lacuna.rules.sparql;

import java.nio.file.Path;

import org.eclipse.rdf4j.repository.Repository;

import dev.lacuna.store.StoreConfig;
import dev.lacuna.store.Stores;

class MemoryStoreRuleQueriesTest extends RuleQueriesStoreTest {
    @Override
    Repository open(Path dir) {
        return Stores.open(new StoreConfig.MemoryStoreConfig());
    }
}
