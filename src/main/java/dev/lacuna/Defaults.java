package dev.lacuna;

/** Defaults that more than one stage shares, so that each is written once. */
public final class Defaults {
    /** The seed of every random choice unless --seed is given: load's private ids, build's draws, exports. */
    public static final long SEED = 42L;

    private Defaults() {
    }
}
