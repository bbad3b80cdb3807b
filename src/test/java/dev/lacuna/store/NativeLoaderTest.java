package dev.lacuna.store;

import java.nio.file.Path;

class NativeLoaderTest extends AbstractLoaderTest {
    @Override
    protected StoreConfig config(Path folder) {
        return new StoreConfig.NativeStoreConfig(folder);
    }
}
