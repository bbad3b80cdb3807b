package dev.lacuna.mining;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import dev.lacuna.BadInputException;
import dev.lacuna.rules.Atom;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.Rule;
import dev.lacuna.rules.RuleMeasures;

/**
 * Measures a closed rule found elsewhere (another miner's file) on a KG exactly as {@link Miner} measures the rules
 * it finds, so that the paper's thresholds mean the same whichever miner found a rule: body size and PCA body size
 * from the constant language's measure ({@link ConstMatcher#measure}, which counts exactly and takes rules with and
 * without constants), support as the head bindings for which the body holds, by the same {@link BodyJoin}. Head
 * coverage, standard and PCA confidence are then {@link RuleMeasures#of}, with AMIE3's functional side. Not
 * thread-safe.
 */
public final class RuleMeasurer {
    private final KgIndex kg;
    private final ConstMatcher matcher;
    private final BodyJoin join;
    private final UnaryOperator<String> entityName;
    private final Map<String, Integer> relations = new HashMap<>();
    private Map<String, Integer> entities;
    private boolean found;

    /** A measurer for rules whose constants are the index's entity names. */
    public RuleMeasurer(KgIndex kg) {
        this(kg, UnaryOperator.identity());
    }

    /**
     * A measurer for rules whose constants are named otherwise: {@code entityName} gives the index's name of a
     * constant (a stored KG's index names entities by IRI, rule files by the KG file's names).
     */
    public RuleMeasurer(KgIndex kg, UnaryOperator<String> entityName) {
        this.kg = kg;
        this.entityName = entityName;
        this.matcher = new ConstMatcher(kg, MinerOptions.defaults().withThreads(1).withConstants(true));
        this.join = new BodyJoin(kg);
        for (int r = 0; r < kg.relationCount(); r++) {
            relations.put(kg.relationName(r), r);
        }
    }

    /** A relation or entity name of a rule that the KG does not have. */
    public static final class UnknownName extends BadInputException {
        private final String name;
        private final boolean relation;

        UnknownName(String name, boolean relation) {
            super((relation ? "relation '" : "constant '") + name + "' is not " + (relation ? "a relation" : "an entity")
                    + " of the KG");
            this.name = name;
            this.relation = relation;
        }

        public String name() {
            return name;
        }

        /** True for a relation, false for a constant. */
        public boolean relation() {
            return relation;
        }
    }

    /** True if the KG has a relation of that name. */
    public boolean hasRelation(String name) {
        return relations.containsKey(name);
    }

    /**
     * The rule with its measures on the KG. Relation names are the index's; constants are mapped to its names.
     *
     * @throws UnknownName if the KG lacks a relation or an entity the rule names
     * @throws BadInputException if the rule is not closed or longer than the miner measures
     */
    public MinedRule measure(Rule rule) {
        if (!rule.isClosed()) {
            throw new BadInputException("only closed rules are measured: " + rule);
        }
        if (rule.body().size() > 7) {
            throw new BadInputException("a body of more than 7 atoms is longer than the miner measures: " + rule);
        }
        ConstRule c = ConstRule.of(encode(rule), 0);
        matcher.measure(c);
        long support = support(c);
        int head = c.headRelation();
        int functional;
        if (c.atoms[0] >= 0 && c.atoms[2] >= 0) {
            functional = kg.subjectIsFunctional(head) ? -1 : -2;
        } else {
            functional = c.atoms[0] >= 0 ? -1 : -2; // the side of the head's one variable, as the miner's
        }
        return new MinedRule(rule, RuleMeasures.of(support, kg.size(head), c.bodySize, c.pcaBodySize, functional));
    }

    /** The rule as the constant language's atoms: head first, a constant as its negative code. */
    private int[] encode(Rule rule) {
        List<Atom> body = rule.body();
        int[] atoms = new int[3 * (body.size() + 1)];
        put(atoms, 0, rule.head());
        for (int i = 0; i < body.size(); i++) {
            put(atoms, 3 * (i + 1), body.get(i));
        }
        return atoms;
    }

    private void put(int[] atoms, int at, Atom a) {
        Integer r = relations.get(a.relation());
        if (r == null) {
            throw new UnknownName(a.relation(), true);
        }
        atoms[at] = a.subjectConstant() != null ? ConstRule.constant(entity(a.subjectConstant())) : a.subject();
        atoms[at + 1] = r;
        atoms[at + 2] = a.objectConstant() != null ? ConstRule.constant(entity(a.objectConstant())) : a.object();
    }

    private int entity(String name) {
        if (entities == null) {
            entities = new HashMap<>();
            for (int e = 0; e < kg.entityCount(); e++) {
                entities.put(kg.entityName(e), e);
            }
        }
        Integer e = entities.get(entityName.apply(name));
        if (e == null) {
            throw new UnknownName(name, false);
        }
        return e;
    }

    /**
     * Support: the distinct head bindings for which the body holds, each head fact (or, with a head constant, each
     * value of the head's variable) joined until its first grounding.
     */
    private long support(ConstRule c) {
        join.load(c.atoms, c.variableBound());
        for (int i = 0; i < join.bodyCount; i++) {
            if (ConstRule.isConstant(join.bs[i])) {
                join.bs[i] = join.bindConstant(ConstRule.entity(join.bs[i]));
            }
            if (ConstRule.isConstant(join.bo[i])) {
                join.bo[i] = join.bindConstant(ConstRule.entity(join.bo[i]));
            }
        }
        join.leaf = () -> {
            found = true;
            join.stop = true;
        };
        join.distinctVar = -1;
        int mask = (1 << join.bodyCount) - 1;
        int head = c.headRelation();
        int s = c.atoms[0];
        int o = c.atoms[2];
        long support = 0;
        if (s >= 0 && o >= 0) {
            for (long f : kg.facts(head)) {
                support += holds(mask, KgIndex.high(f), KgIndex.low(f));
            }
        } else if (s >= 0) {
            for (int x : kg.subjectsOf(ConstRule.entity(o), head)) {
                support += holds(mask, x, -1);
            }
        } else {
            for (int x : kg.objectsOf(ConstRule.entity(s), head)) {
                support += holds(mask, -1, x);
            }
        }
        join.val[0] = -1;
        join.val[1] = -1;
        return support;
    }

    /** 1 if the body has a grounding with the head's variables bound to {@code a} and {@code b} (-1: no variable). */
    private int holds(int mask, int a, int b) {
        join.val[0] = a;
        join.val[1] = b;
        join.stop = false;
        join.cut = false;
        found = false;
        join.join(mask);
        return found ? 1 : 0;
    }
}
