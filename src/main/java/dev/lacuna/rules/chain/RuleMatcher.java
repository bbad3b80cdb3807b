package dev.lacuna.rules.chain;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;

import org.eclipse.rdf4j.model.util.Values;

import dev.lacuna.rules.Atom;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.store.KgGraphs;

/**
 * One rule of the benchmark's rule set, compiled for matching over {@link Facts} in memory: the groundings of its
 * body that extend a partial substitution, atom by atom, always joining on a bound argument. What
 * {@link DepthSearch} and a build's proof search both need, with the head or one body atom bound.
 */
public final class RuleMatcher {
    /** A variable's value before it is bound. */
    public static final long UNBOUND = -1;

    private final int ruleIndex;
    private final MinedRule rule;
    private final int variables;
    /** Body atoms then the head (index {@link #headAtom()}): relation, and per side a variable or -1 and a constant. */
    private final String[] relation;
    private final int[] subjectVar;
    private final int[] objectVar;
    private final long[] subjectConst;
    private final long[] objectConst;

    private RuleMatcher(int ruleIndex, MinedRule rule, long[] constants) {
        this.ruleIndex = ruleIndex;
        this.rule = rule;
        this.variables = rule.rule().variableCount();
        List<Atom> atoms = new ArrayList<>(rule.rule().body());
        atoms.add(rule.rule().head());
        int n = atoms.size();
        relation = new String[n];
        subjectVar = new int[n];
        objectVar = new int[n];
        subjectConst = new long[n];
        objectConst = new long[n];
        for (int a = 0; a < n; a++) {
            Atom atom = atoms.get(a);
            relation[a] = atom.relation();
            subjectVar[a] = atom.subjectConstant() == null ? atom.subject() : -1;
            objectVar[a] = atom.objectConstant() == null ? atom.object() : -1;
            subjectConst[a] = atom.subjectConstant() == null ? UNBOUND : constants[2 * a];
            objectConst[a] = atom.objectConstant() == null ? UNBOUND : constants[2 * a + 1];
        }
    }

    /**
     * The rule compiled, or null when one of its constants is no entity of the KG (it has no grounding then).
     *
     * @param constant a constant's private id, or a negative number when the KG has no such entity
     */
    public static RuleMatcher of(int ruleIndex, MinedRule rule, ToLongFunction<String> constant) {
        List<Atom> atoms = new ArrayList<>(rule.rule().body());
        atoms.add(rule.rule().head());
        long[] constants = new long[2 * atoms.size()];
        for (int a = 0; a < atoms.size(); a++) {
            Atom atom = atoms.get(a);
            constants[2 * a] = atom.subjectConstant() == null ? UNBOUND : constant.applyAsLong(atom.subjectConstant());
            constants[2 * a + 1] = atom.objectConstant() == null ? UNBOUND : constant.applyAsLong(atom.objectConstant());
            if ((atom.subjectConstant() != null && constants[2 * a] < 0)
                    || (atom.objectConstant() != null && constants[2 * a + 1] < 0)) {
                return null;
            }
        }
        return new RuleMatcher(ruleIndex, rule, constants);
    }

    /** Every rule of a rule set that has groundings in the KG, compiled; see {@link #of}. */
    public static List<RuleMatcher> compile(List<MinedRule> rules, ToLongFunction<String> constant) {
        List<RuleMatcher> out = new ArrayList<>();
        for (int i = 0; i < rules.size(); i++) {
            RuleMatcher m = of(i, rules.get(i), constant);
            if (m != null) {
                out.add(m);
            }
        }
        return out;
    }

    /** Every rule of a rule set, compiled against a KG of the store: its constants resolved to private ids. */
    public static List<RuleMatcher> compile(List<MinedRule> rules, KgGraphs kg) {
        // Constants are entity IRIs once resolved (EntityConstants); anything else names no entity of the store.
        return compile(rules, c -> c.indexOf(':') < 0 ? -1 : kg.privateId(Values.iri(c)));
    }

    /** The rule's position in the rule set it was compiled from. */
    public int ruleIndex() {
        return ruleIndex;
    }

    public MinedRule rule() {
        return rule;
    }

    public int bodySize() {
        return relation.length - 1;
    }

    public int headAtom() {
        return relation.length - 1;
    }

    public String relation(int atom) {
        return relation[atom];
    }

    /** A fresh substitution with nothing bound. */
    public long[] unbound() {
        long[] b = new long[variables];
        Arrays.fill(b, UNBOUND);
        return b;
    }

    /**
     * Binds atom {@code atom} to r(s, o) in {@code binding}: false when a constant or an already bound variable
     * disagrees (the binding is then left partly changed; pass a copy).
     */
    public boolean bind(int atom, long s, long o, long[] binding) {
        return bindSide(subjectVar[atom], subjectConst[atom], s, binding)
                && bindSide(objectVar[atom], objectConst[atom], o, binding);
    }

    /** Binds only the subject (or only the object) of {@code atom}; see {@link #bind}. */
    public boolean bindSubject(int atom, long s, long[] binding) {
        return bindSide(subjectVar[atom], subjectConst[atom], s, binding);
    }

    public boolean bindObject(int atom, long o, long[] binding) {
        return bindSide(objectVar[atom], objectConst[atom], o, binding);
    }

    private static boolean bindSide(int var, long constant, long value, long[] binding) {
        if (var < 0) {
            return constant == value;
        }
        if (binding[var] == UNBOUND) {
            binding[var] = value;
            return true;
        }
        return binding[var] == value;
    }

    /** The atom's triple under a complete substitution. */
    public Fact triple(int atom, long[] binding) {
        return new Fact(value(subjectVar[atom], subjectConst[atom], binding), relation[atom],
                value(objectVar[atom], objectConst[atom], binding));
    }

    private static long value(int var, long constant, long[] binding) {
        return var < 0 ? constant : binding[var];
    }

    /** The body facts a complete substitution gives, in the rule's body order. */
    public List<Fact> body(long[] binding) {
        List<Fact> body = new ArrayList<>(bodySize());
        for (int a = 0; a < bodySize(); a++) {
            body.add(triple(a, binding));
        }
        return body;
    }

    /**
     * Every completion of {@code binding} under which each body atom but {@code skip} (-1: none) holds in
     * {@code facts}; {@code sink} gets each and returns false to stop. Returns false when stopped.
     */
    public boolean matchBody(long[] binding, int skip, Facts facts, Predicate<long[]> sink) {
        int remaining = 0;
        for (int a = 0; a < bodySize(); a++) {
            if (a != skip) {
                remaining |= 1 << a;
            }
        }
        return match(binding, remaining, facts, sink);
    }

    private boolean match(long[] binding, int remaining, Facts facts, Predicate<long[]> sink) {
        if (remaining == 0) {
            return sink.test(binding);
        }
        int best = -1;
        int bestBound = -1;
        for (int a = 0; a < bodySize(); a++) {
            if ((remaining & (1 << a)) != 0) {
                int bound = (isBound(subjectVar[a], binding) ? 1 : 0) + (isBound(objectVar[a], binding) ? 1 : 0);
                if (bound > bestBound) {
                    best = a;
                    bestBound = bound;
                }
            }
        }
        int rest = remaining & ~(1 << best);
        long s = value(subjectVar[best], subjectConst[best], binding);
        long o = value(objectVar[best], objectConst[best], binding);
        if (bestBound == 2) {
            return !facts.holds(s, relation[best], o) || match(binding, rest, facts, sink);
        }
        if (bestBound == 0) {
            // A body not connected to anything bound: no rule AMIE3 mines (closed and connected) gets here.
            return true;
        }
        boolean subjectKnown = s != UNBOUND;
        long[] values = subjectKnown ? facts.objects(relation[best], s) : facts.subjects(relation[best], o);
        int free = subjectKnown ? objectVar[best] : subjectVar[best];
        for (long v : values) {
            long[] next = binding.clone();
            next[free] = v;
            if (!match(next, rest, facts, sink)) {
                return false;
            }
        }
        return true;
    }

    private static boolean isBound(int var, long[] binding) {
        return var < 0 || binding[var] != UNBOUND;
    }
}
