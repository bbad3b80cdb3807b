package dev.lacuna.rules;

import java.util.Objects;

import dev.lacuna.Messages;
import dev.lacuna.store.SourceNames;

/**
 * One atom {@code relation(subject, object)} of a Horn rule. Each argument is a variable or a constant (an entity,
 * AMIE3's instantiated atoms with {@code -const}). Variables are numbered from 0: 0 is {@code ?a} and 1 is
 * {@code ?b} (the head's subject and object in a canonical {@link Rule}), 2.. are {@code ?c}, {@code ?d}, ...
 * A constant argument has the variable number {@link #CONSTANT} and its entity name in
 * {@code subjectConstant}/{@code objectConstant} (null for a variable). At least one argument is a variable.
 * Every name is one a rule file can hold ({@link SourceNames#relationProblem}, {@link SourceNames#constantProblem}):
 * no whitespace, so that whatever Lacuna writes in AMIE3's or AnyBURL's format it reads back as the same rule.
 */
public record Atom(int subject, String relation, int object, String subjectConstant, String objectConstant)
        implements Comparable<Atom> {

    /** The variable number of a constant argument. */
    public static final int CONSTANT = -1;

    public Atom {
        Objects.requireNonNull(relation, "relation");
        SourceNames.Problem problem = SourceNames.relationProblem(relation);
        if (problem != null || relation.isEmpty()) {
            throw new IllegalArgumentException("relation '" + Messages.echo(relation) + "' "
                    + (problem == null ? "is empty" : problem.text()));
        }
        check(subject, subjectConstant, "subject");
        check(object, objectConstant, "object");
        if (subjectConstant != null && objectConstant != null) {
            throw new IllegalArgumentException("atom without a variable: " + subjectConstant + " " + relation + " "
                    + objectConstant);
        }
    }

    /** An atom over two variables, the only kind without {@code --const}. */
    public Atom(int subject, String relation, int object) {
        this(subject, relation, object, null, null);
    }

    /** {@code ?v relation constant}. */
    public static Atom withObjectConstant(int subject, String relation, String constant) {
        return new Atom(subject, relation, CONSTANT, null, Objects.requireNonNull(constant, "constant"));
    }

    /** {@code constant relation ?v}. */
    public static Atom withSubjectConstant(String constant, String relation, int object) {
        return new Atom(CONSTANT, relation, object, Objects.requireNonNull(constant, "constant"), null);
    }

    private static void check(int variable, String constant, String side) {
        if (constant == null ? variable < 0 : variable != CONSTANT) {
            throw new IllegalArgumentException(side + ": a variable is numbered from 0, a constant has number "
                    + CONSTANT + "; got " + variable + (constant == null ? "" : " with constant " + constant));
        }
        SourceNames.Problem problem = constant == null ? null : SourceNames.constantProblem(constant);
        if (problem != null) {
            throw new IllegalArgumentException("constant '" + Messages.echo(constant) + "' " + problem.text()
                    + " (a constant is a non-empty name without whitespace that does not start with '?')");
        }
    }

    /** True if {@code v} (a variable number) is the subject or the object. */
    public boolean uses(int v) {
        return v >= 0 && (subject == v || object == v);
    }

    /** True if one argument is a constant. */
    public boolean hasConstant() {
        return subjectConstant != null || objectConstant != null;
    }

    /** The atom with its variables renamed by {@code rename[v]}; constants stay. */
    public Atom renamed(int[] rename) {
        return new Atom(subjectConstant == null ? rename[subject] : CONSTANT, relation,
                objectConstant == null ? rename[object] : CONSTANT, subjectConstant, objectConstant);
    }

    /** The atom in AMIE3's printed form, e.g. {@code ?a  wife  ?b} or {@code ?a  gender  female}. */
    public String toAmie() {
        return subjectToken() + "  " + relation + "  " + objectToken();
    }

    /** The subject as printed: a variable name or the constant. */
    public String subjectToken() {
        return subjectConstant != null ? subjectConstant : Rule.variableName(subject);
    }

    /** The object as printed: a variable name or the constant. */
    public String objectToken() {
        return objectConstant != null ? objectConstant : Rule.variableName(object);
    }

    /** Relation, then subject, then object (constants before variables, by name): a canonical rule's body order. */
    @Override
    public int compareTo(Atom o) {
        int c = relation.compareTo(o.relation);
        if (c != 0) {
            return c;
        }
        c = compareTerm(subject, subjectConstant, o.subject, o.subjectConstant);
        return c != 0 ? c : compareTerm(object, objectConstant, o.object, o.objectConstant);
    }

    static int compareTerm(int v, String constant, int w, String otherConstant) {
        int c = Integer.compare(v, w);
        if (c != 0 || constant == null) {
            return c;
        }
        return constant.compareTo(otherConstant);
    }

    @Override
    public String toString() {
        return toAmie();
    }
}
