package dev.lacuna.mining;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import dev.lacuna.Messages;
import dev.lacuna.Warnings;

import dev.lacuna.rules.Atom;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.Rule;
import dev.lacuna.rules.RuleMeasures;
import dev.lacuna.store.SourceNames;

/**
 * The rule language with constants, searched by {@link Miner} the way AMIE3 3.5.1 does with {@code -const} (its
 * allowConstants; read from MiningAssistant, DefaultMiningAssistant, AMIE and Rule in dig-team/amie):
 * <ol>
 * <li>Seeds: {@code ?a r ?b} for every relation with at least {@code minInitialSupport} facts, and its
 *     instantiated heads: the argument opposite the functional one (AMIE3's findCountingVariable: the subject
 *     is counted if the relation is functional, so the constant goes into the object; else into the subject)
 *     becomes a constant C, kept if the head variable then takes at least {@code minInitialSupport} values (AMIE3
 *     passes -minis as the threshold there) and at least 2 (its {@code cardLastEdge < 2} test).</li>
 * <li>Refinement as without constants (closing and dangling atoms, support = distinct head bindings at least
 *     ceil(minhc x facts of the head relation), a relation at most 3 times), plus AMIE3's "instantiated" operator
 *     on every dangling refinement that passed the threshold: copies whose fresh variable is a constant C, kept
 *     when (a) their support passes the same threshold, (b) the new atom's join variable takes at least 2 values
 *     over the groundings of the whole rule, head included, (c) the new atom is not redundant in AMIE3's sense
 *     (Rule.getRedundantAtoms: no atom of the rule, head included, unifies with it or it with that atom, see
 *     {@link ConstRule#isRedundant}).</li>
 * <li>With constants AMIE3 does not stop adding dangling atoms one atom before the length limit; a dangling rule
 *     at the limit is neither output nor refined, only its instantiated copies are kept.</li>
 * <li>Closed (every variable in two atoms; constants do not count) rules are measured. A head with one variable
 *     (an instantiated head) counts that variable: support, body size and PCA body size are numbers of its
 *     values; PCA body size counts the values with some fact of the head relation on that side. Head coverage
 *     is support / facts of the head relation. Output, skyline and "PCA confidence 1.0 is not refined" are as in
 *     {@link Miner}.</li>
 * </ol>
 * Where Lacuna differs: AMIE3 adds a DIFFERENTFROM pseudo-atom {@code ?z != C} when a dangling atom repeats the
 * relation of an atom that has the constant C on the fresh side (e.g. {@code ?a r ?z} next to {@code ?a r C});
 * such rules can then be output with {@code ?z!=C} in them. Lacuna does not generate DIFFERENTFROM atoms: that
 * dangling rule is dropped (its instantiated copies are still made, they are the same as AMIE3's). So Lacuna
 * never outputs a rule with {@code !=}, and may miss rules that AMIE3 only reaches through such a rule.
 * The constant-free rules are exactly those of {@link Miner} without constants (checked by a test).
 */
final class ConstantLanguage implements Miner.Language<ConstRule.Key, ConstRule, ConstMatcher> {
    private final KgIndex kg;
    private final MinerOptions options;
    private final AtomicLong leftOut = new AtomicLong();
    private volatile String leftOutExample;

    ConstantLanguage(KgIndex kg, MinerOptions options) {
        this.kg = kg;
        this.options = options;
    }

    @Override
    public ConstMatcher evaluator() {
        return new ConstMatcher(kg, options);
    }

    @Override
    public List<ConstRule> refine(ConstMatcher matcher, ConstRule rule, double minSupport) {
        return matcher.refine(rule, minSupport);
    }

    /** Counts exactly: the PCA limit is an optimisation of the plain language only. */
    @Override
    public void measure(ConstMatcher matcher, ConstRule rule, long pcaLimit) {
        matcher.measure(rule);
    }

    @Override
    public ConstRule.Key keyOf(int[] atoms) {
        return ConstRule.keyOf(atoms);
    }

    /** {@code ?a r ?b} and its instantiated heads, for every relation with enough facts. */
    @Override
    public List<ConstRule> seeds(boolean[] heads) {
        List<ConstRule> seeds = new ArrayList<>();
        for (int r = 0; r < kg.relationCount(); r++) {
            if (!heads[r]) {
                continue;
            }
            seeds.add(ConstRule.of(new int[] {0, r, 1}, kg.size(r)));
            // the constant goes opposite the counted (functional) side
            boolean constantInObject = kg.subjectIsFunctional(r);
            int[] constants = constantInObject ? kg.objects(r) : kg.subjects(r);
            for (int c : constants) {
                long range = constantInObject ? kg.inRange(c, r) : kg.outRange(c, r);
                int values = KgIndex.low(range) - KgIndex.high(range);
                if (values >= options.minInitialSupport() && values >= 2) {
                    int[] head = constantInObject ? new int[] {0, r, ConstRule.constant(c)}
                            : new int[] {ConstRule.constant(c), r, 1};
                    seeds.add(ConstRule.of(head, values));
                }
            }
        }
        return seeds;
    }

    /**
     * The rule, or null when one of its constants is an entity whose name no rule file can hold (whitespace inside,
     * a leading '?': {@link SourceNames#constantProblem}); such a rule is counted and left out, as the rules AMIE3
     * finds less those it could not write either.
     */
    @Override
    public MinedRule toMinedRule(ConstRule w) {
        for (int i = 0; i < w.atoms.length; i += 3) {
            for (int side : new int[] {w.atoms[i], w.atoms[i + 2]}) {
                if (ConstRule.isConstant(side)) {
                    String name = kg.entityName(ConstRule.entity(side));
                    SourceNames.Problem problem = SourceNames.constantProblem(name);
                    if (problem != null) {
                        if (leftOut.getAndIncrement() == 0) {
                            leftOutExample = "'" + Messages.echo(name) + "' " + problem.text();
                        }
                        return null;
                    }
                }
            }
        }
        List<Atom> body = new ArrayList<>();
        for (int i = 3; i < w.atoms.length; i += 3) {
            body.add(atom(w.atoms[i], w.atoms[i + 1], w.atoms[i + 2]));
        }
        int hs = w.atoms[0];
        int ho = w.atoms[2];
        Rule rule = Rule.of(body, atom(hs, w.headRelation(), ho));
        int functional;
        if (hs >= 0 && ho >= 0) {
            functional = kg.subjectIsFunctional(w.headRelation()) ? -1 : -2;
        } else {
            functional = hs >= 0 ? -1 : -2;
        }
        return new MinedRule(rule, RuleMeasures.of(w.support, kg.size(w.headRelation()), w.bodySize,
                w.pcaBodySize, functional));
    }

    /** Warns, once after mining, of the rules {@link #toMinedRule} left out. */
    void warnLeftOut() {
        long n = leftOut.get();
        if (n > 0) {
            Warnings.warn("{} rule{} with constants left out: a rule file cannot hold the constant {}", n,
                    n == 1 ? "" : "s", leftOutExample);
        }
    }

    private Atom atom(int s, int r, int o) {
        String relation = kg.relationName(r);
        if (ConstRule.isConstant(s)) {
            return Atom.withSubjectConstant(kg.entityName(ConstRule.entity(s)), relation, o);
        }
        if (ConstRule.isConstant(o)) {
            return Atom.withObjectConstant(s, relation, kg.entityName(ConstRule.entity(o)));
        }
        return new Atom(s, relation, o);
    }
}
