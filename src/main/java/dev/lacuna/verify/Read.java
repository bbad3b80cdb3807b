package dev.lacuna.verify;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Something verify's checks read (the folder's question files, the store's graphs, the benchmark graph's records):
 * a {@link VerifyCheck} declares the reads it needs, and {@link Reads} loads each once per verify and hands the same
 * value to every check that declares it. A read {@code beforeChecks} is loaded before any check starts, in the order
 * reads are defined: the store scan wants the machine's free cores for its pipe, and the folder's files are read
 * first so that a folder that cannot be read is reported before the store is.
 *
 * @param <T> what the read gives
 */
final class Read<T> {
    private static final AtomicInteger DEFINED = new AtomicInteger();

    private final String name;
    private final boolean beforeChecks;
    private final Function<Reads, T> load;
    private final int order = DEFINED.getAndIncrement();

    private Read(String name, boolean beforeChecks, Function<Reads, T> load) {
        this.name = name;
        this.beforeChecks = beforeChecks;
        this.load = load;
    }

    /** A read loaded by the first check that asks for it, while the others wait for it. */
    static <T> Read<T> onFirstUse(String name, Function<Reads, T> load) {
        return new Read<>(name, false, load);
    }

    /** A read loaded before any check runs, when some check declares it. */
    static <T> Read<T> beforeChecks(String name, Function<Reads, T> load) {
        return new Read<>(name, true, load);
    }

    String name() {
        return name;
    }

    boolean isBeforeChecks() {
        return beforeChecks;
    }

    int order() {
        return order;
    }

    T load(Reads reads) {
        return load.apply(reads);
    }

    @Override
    public String toString() {
        return name;
    }
}
