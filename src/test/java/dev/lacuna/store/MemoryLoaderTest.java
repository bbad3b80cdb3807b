package dev.lacuna.store;

import java.nio.file.Path;

class MemoryLoaderTest extends AbstractLoaderTest {
    @Override
    protected StoreConfig config(Path folder) {
        return new StoreConfig.MemoryStoreConfig();
    }
}
