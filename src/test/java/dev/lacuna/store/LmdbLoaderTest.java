package dev.lacuna.store;

import java.nio.file.Path;

class LmdbLoaderTest extends AbstractLoaderTest {
    @Override
    protected StoreConfig config(Path folder) {
        return new StoreConfig.LmdbStoreConfig(folder);
    }
}
