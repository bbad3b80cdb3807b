package dev.lacuna.generate;

import dev.lacuna.BadInputException;

/**
 * The shape of a generated KG ({@code lacuna generate}). The defaults follow Wikidata5m's proportions
 * (20,614,279 triples, 4,594,485 entities, 822 relations: about 4.5 triples per entity) scaled to the triple
 * count asked for; {@code plantedPerKind} rules of each kind (symmetry, inversion, hierarchy, composition) are
 * planted with confidences drawn from the seed.
 */
public record KgShape(long triples, int entities, int relations, int types, int plantedPerKind, long seed) {
    public static final long WIKIDATA5M_TRIPLES = 20_614_279L;
    public static final long WIKIDATA5M_ENTITIES = 4_594_485L;
    public static final int WIKIDATA5M_RELATIONS = 822;

    public KgShape {
        if (triples < 1) {
            throw new BadInputException("--triples must be >= 1, got " + triples);
        }
        if (relations < KgGenerator.RELATIONS_PER_PLANTED_SET * plantedPerKind + 1) {
            throw new BadInputException("--relations must be at least 8 x --planted + 1 = "
                    + (KgGenerator.RELATIONS_PER_PLANTED_SET * plantedPerKind + 1)
                    + " (each planted rule has its own relations, plus one filler), got " + relations);
        }
        if (entities < 2 * types || types < 1) {
            throw new BadInputException("--entities must be at least two per type and one type, got " + entities
                    + " entities and " + types + " types");
        }
        if (plantedPerKind < 0) {
            throw new BadInputException("--planted (rules per kind) must be >= 0, got " + plantedPerKind);
        }
    }

    /** Wikidata5m's proportions at {@code triples} triples (entities by triples per entity; at most 822 relations). */
    public static KgShape wikidata5mLike(long triples, int plantedPerKind, long seed) {
        int entities = (int) Math.max(64, Math.round(triples * (double) WIKIDATA5M_ENTITIES / WIKIDATA5M_TRIPLES));
        // Wikidata5m's 822 relations at 20M triples; smaller KGs keep about 25,000 triples per relation
        int relations = (int) Math.max(8L * plantedPerKind + 8, Math.min(WIKIDATA5M_RELATIONS, triples / 25_000));
        // few enough types that every type is the domain or range of several relations, so most entities get facts
        int types = Math.max(1, Math.min(Math.min(200, entities / 500), relations / 4));
        return new KgShape(triples, entities, relations, types, plantedPerKind, seed);
    }
}
