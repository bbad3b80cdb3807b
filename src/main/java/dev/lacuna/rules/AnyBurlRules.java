package dev.lacuna.rules;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.lacuna.BadInputException;
import dev.lacuna.LacunaException;
import dev.lacuna.LineReader;
import dev.lacuna.Messages;
import dev.lacuna.store.SourceNames;

/**
 * Reads and writes AnyBURL's rule files, the format SAFRAN and PyClause read to apply rules (and AMIE 3.5 writes
 * with {@code -ofmt anyburl}): one rule a line, {@code predicted<TAB>correct<TAB>confidence<TAB>rule}, where
 * {@code rule} is {@code head(X,Y) <= b1(X,A), b2(A,Y)}. A variable is one upper-case letter (X and Y in the head,
 * A, B, ... in the body); any other argument is a constant, an entity by the KG's own name.
 * <p>
 * AnyBURL's kinds of rule ({@link Kind}) are told apart by shape: a body that closes a path between two head
 * variables (B), a head constant with a closed body (U_c), a variable left dangling (U_d), no body at all (Zero),
 * and rules over one head variable twice (U_xx, {@code h(X,X)} or AnyBURL's pseudo relation {@value #EQUALITY}).
 * Only B and U_c are closed Horn rules in AMIE3's sense; the others are read, counted and given no {@link Rule}.
 */
public final class AnyBurlRules {
    /** AnyBURL's pseudo relation for "the same entity", which older versions write for U_xx rules. */
    public static final String EQUALITY = "me_myself_i";
    private static final Pattern ATOM_SEPARATOR = Pattern.compile("(?<=\\)),\\s+");
    private static final Pattern VARIABLE = Pattern.compile("[A-Z]");
    /** What the message about a file that is not UTF-8 adds. */
    private static final String NOT_UTF8 = ": not UTF-8 text (AnyBURL writes its platform's charset, on Windows"
            + " windows-1252: convert the file, e.g. iconv -f windows-1252 -t utf-8)";
    /** Body variables as AnyBURL names them, after X and Y. */
    private static final String FRESH = "ABCDEFGHIJKLMNOPQRSTUVW";

    /** AnyBURL's kinds of rule. */
    public enum Kind {
        B("B", "cyclic: a closed path between the head's two variables"),
        U_C("U_c", "acyclic, a constant at the end of the body"),
        U_D("U_d", "acyclic, a dangling variable: not closed"),
        ZERO("Zero", "empty body"),
        U_XX("U_xx", "one head variable twice: h(X,X) or " + EQUALITY);

        private final String label;
        private final String meaning;

        Kind(String label, String meaning) {
            this.label = label;
            this.meaning = meaning;
        }

        /** The name AnyBURL's papers and PyClause give the kind. */
        public String label() {
            return label;
        }

        public String meaning() {
            return meaning;
        }

        /** True for the kinds that are closed Horn rules (B and U_c). */
        public boolean closed() {
            return this == B || this == U_C;
        }
    }

    /**
     * One line of a file: its kind, the rule for the closed kinds (null otherwise), the relations it names (for
     * every kind, without {@value #EQUALITY}) and AnyBURL's counts. Names are as the file writes them.
     */
    public record Line(long lineNumber, Kind kind, Rule rule, List<String> relations, long predicted, long correct,
            double confidence, long firstLine) {
        /** True if an earlier line has the same closed rule (equal up to variable renaming). */
        public boolean repeated() {
            return firstLine != lineNumber;
        }

        Line repeating(long earlier) {
            return new Line(lineNumber, kind, rule, relations, predicted, correct, confidence, earlier);
        }
    }

    private AnyBurlRules() {
    }

    /**
     * Every rule line of an AnyBURL file, in file order (blank lines skipped). A malformed line is an error naming
     * file and line. A closed rule equal up to variable renaming to an earlier one is marked {@link Line#repeated}:
     * AnyBURL writes some symmetric rules twice, once from each end of the path.
     */
    public static List<Line> read(Path file) {
        String source = file.toString();
        List<Line> lines = new ArrayList<>();
        Map<Rule, Long> seen = new HashMap<>();
        try (LineReader in = LineReader.open(file, NOT_UTF8)) {
            String text;
            while ((text = in.readLine()) != null) {
                if (text.isBlank()) {
                    continue;
                }
                long lineNo = in.lineNumber();
                Line line = parseLine(text, source, lineNo);
                if (line.rule() != null) {
                    Long earlier = seen.putIfAbsent(line.rule(), lineNo);
                    if (earlier != null) {
                        line = line.repeating(earlier);
                    }
                }
                lines.add(line);
            }
        } catch (NoSuchFileException e) {
            throw new BadInputException(source, -1, -1, "no such file");
        } catch (IOException e) {
            throw new LacunaException("cannot read " + source + ": " + e.getMessage(), e);
        }
        return lines;
    }

    /** One line: {@code predicted<TAB>correct<TAB>confidence<TAB>rule}. */
    public static Line parseLine(String text, String source, long lineNo) {
        String[] cols = text.split("\t", -1);
        if (cols.length != 4) {
            throw new BadInputException(source, lineNo, 1, "expected 4 tab-separated columns (predicted, correct,"
                    + " confidence, rule) as AnyBURL writes them, found " + cols.length);
        }
        long predicted = count(cols[0], "predicted", source, lineNo, 1);
        long correct = count(cols[1], "correct", source, lineNo, cols[0].length() + 2);
        int confidenceColumn = cols[0].length() + cols[1].length() + 3;
        double confidence;
        try {
            confidence = Double.parseDouble(cols[2].trim());
        } catch (NumberFormatException e) {
            throw new BadInputException(source, lineNo, confidenceColumn, "confidence is not a number: '" + Messages.echo(cols[2])
                    + "'");
        }
        if (!(confidence >= 0 && confidence <= 1)) {
            throw new BadInputException(source, lineNo, confidenceColumn, "confidence must lie in [0, 1], got "
                    + Messages.echo(cols[2]));
        }
        int ruleColumn = confidenceColumn + cols[2].length() + 1;
        Parsed parsed = parseRule(cols[3], source, lineNo, ruleColumn);
        return new Line(lineNo, parsed.kind(), parsed.rule(), parsed.relations(), predicted, correct, confidence,
                lineNo);
    }

    private static long count(String text, String column, String source, long lineNo, int col) {
        try {
            long v = Long.parseLong(text.trim());
            if (v >= 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new BadInputException(source, lineNo, col, column + " is not a whole number >= 0: '" + Messages.echo(text) + "'");
    }

    /** A rule's kind, the rule itself for the closed kinds, and the relations it names. */
    public record Parsed(Kind kind, Rule rule, List<String> relations) {
    }

    /** Parses {@code head(X,Y) <= b1(X,A), b2(A,Y)}; {@code column} is where the rule starts on its line. */
    public static Parsed parseRule(String text, String source, long lineNo, int column) {
        int arrow = arrow(text, -1);
        if (arrow < 0) {
            throw new BadInputException(source, lineNo, column, "not an AnyBURL rule (no '<=' between head and"
                    + " body): '" + Messages.echo(text) + "'");
        }
        if (arrow(text, arrow) >= 0) {
            throw new BadInputException(source, lineNo, column, "more than one '<=' in rule '" + Messages.echo(text)
                    + "'");
        }
        List<String[]> head = atoms(text.substring(0, arrow), source, lineNo, column, text);
        if (head.size() != 1) {
            throw new BadInputException(source, lineNo, column, "the head must be one atom r(X,Y) in rule '"
                    + Messages.echo(text) + "'");
        }
        List<String[]> body = text.substring(arrow + 2).isBlank() ? List.of()
                : atoms(text.substring(arrow + 2), source, lineNo, column + arrow + 2, text);
        String[] h = head.get(0);
        List<String> relations = new ArrayList<>();
        relations.add(h[0]);
        for (String[] a : body) {
            if (!a[0].equals(EQUALITY) && !relations.contains(a[0])) {
                relations.add(a[0]);
            }
        }
        if (!isVariable(h[1]) && !isVariable(h[2])) {
            throw new BadInputException(source, lineNo, column, "the head atom has no variable in rule '" + Messages.echo(text) + "'");
        }
        if (h[1].equals(h[2]) || mentions(head, EQUALITY) || mentions(body, EQUALITY)) {
            return new Parsed(Kind.U_XX, null, relations);
        }
        if (body.isEmpty()) {
            return new Parsed(Kind.ZERO, null, relations);
        }
        Map<String, Integer> variables = new HashMap<>();
        List<Atom> bodyAtoms = new ArrayList<>();
        for (String[] b : body) {
            bodyAtoms.add(atom(b, variables, source, lineNo, column, text));
        }
        Rule rule;
        try {
            rule = Rule.of(bodyAtoms, atom(h, variables, source, lineNo, column, text));
        } catch (IllegalArgumentException e) {
            throw new BadInputException(source, lineNo, column, e.getMessage() + " in rule '" + Messages.echo(text) + "'");
        }
        if (!rule.isClosed()) {
            return new Parsed(Kind.U_D, null, relations);
        }
        return new Parsed(rule.head().hasConstant() ? Kind.U_C : Kind.B, rule, relations);
    }

    /**
     * Where the arrow {@code <=} is after {@code after}, or -1: the two characters with whitespace (or the line's end)
     * on each side, as AnyBURL writes them; a name holds no whitespace, so a name may hold {@code <=} itself.
     */
    private static int arrow(String text, int after) {
        for (int i = text.indexOf("<=", after + 1); i >= 0; i = text.indexOf("<=", i + 1)) {
            boolean before = i == 0 || SourceNames.isSpace(text.codePointBefore(i));
            boolean behind = i + 2 == text.length() || SourceNames.isSpace(text.codePointAt(i + 2));
            if (before && behind) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The atoms of a head or body. Names may hold commas and parentheses (AnyBURL writes the KG's names as they
     * are, e.g. {@code languages%20spoken,%20written,%20or%20signed}, {@code University%20of%20Paris%20(1896-1968)}),
     * but no whitespace: atoms are separated by a comma and whitespace after a ')', as AnyBURL writes them; an atom is
     * {@code relation(arguments)} with the relation up to its first '(', and one argument is a variable, which tells
     * at which comma the arguments split.
     */
    private static List<String[]> atoms(String text, String source, long lineNo, int column, String rule) {
        List<String[]> atoms = new ArrayList<>();
        Matcher separators = ATOM_SEPARATOR.matcher(text);
        int from = 0;
        while (true) {
            boolean more = separators.find();
            int to = more ? separators.start() : text.length();
            atoms.add(atom(text.substring(from, to), source, lineNo, column + from, rule));
            if (!more) {
                return atoms;
            }
            from = separators.end();
        }
    }

    private static String[] atom(String text, String source, long lineNo, int column, String rule) {
        String t = text.strip();
        int open = t.indexOf('(');
        if (open <= 0 || !t.endsWith(")") || SourceNames.firstSpace(t) >= 0) {
            throw new BadInputException(source, lineNo, column, "expected an atom relation(arg,arg) at '"
                    + Messages.echo(t) + "' in rule '" + Messages.echo(rule) + "' (atoms are separated by ', ')");
        }
        String arguments = t.substring(open + 1, t.length() - 1);
        String subject;
        String object;
        if (arguments.length() > 2 && arguments.charAt(1) == ',' && isVariable(arguments.substring(0, 1))) {
            subject = arguments.substring(0, 1);
            object = arguments.substring(2);
        } else if (arguments.length() > 2 && arguments.charAt(arguments.length() - 2) == ','
                && isVariable(arguments.substring(arguments.length() - 1))) {
            subject = arguments.substring(0, arguments.length() - 2);
            object = arguments.substring(arguments.length() - 1);
        } else {
            int comma = arguments.indexOf(',');
            if (comma > 0 && comma == arguments.lastIndexOf(',') && comma < arguments.length() - 1) {
                subject = arguments.substring(0, comma);
                object = arguments.substring(comma + 1);
            } else {
                throw new BadInputException(source, lineNo, column, "expected an atom relation(arg,arg) with a"
                        + " variable at '" + Messages.echo(t) + "' in rule '" + Messages.echo(rule) + "'");
            }
        }
        for (String name : new String[] {subject, object}) {
            if (!balanced(name)) {
                throw new BadInputException(source, lineNo, column, "expected an atom relation(arg,arg) at '"
                        + Messages.echo(t) + "' in rule '" + Messages.echo(rule) + "' (atoms are separated by ', ')");
            }
        }
        return new String[] {t.substring(0, open), subject, object};
    }

    /** Parentheses in a name are balanced: an unbalanced one is two atoms run together. */
    private static boolean balanced(String name) {
        int depth = 0;
        for (int i = 0; i < name.length(); i++) {
            depth += name.charAt(i) == '(' ? 1 : name.charAt(i) == ')' ? -1 : 0;
            if (depth < 0) {
                return false;
            }
        }
        return depth == 0;
    }

    private static boolean mentions(List<String[]> atoms, String name) {
        for (String[] a : atoms) {
            for (String s : a) {
                if (s.equals(name)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean isVariable(String token) {
        return VARIABLE.matcher(token).matches();
    }

    private static Atom atom(String[] a, Map<String, Integer> variables, String source, long lineNo, int column,
            String text) {
        boolean s = isVariable(a[1]);
        boolean o = isVariable(a[2]);
        try {
            if (s && o) {
                return new Atom(variable(a[1], variables), a[0], variable(a[2], variables));
            }
            if (s) {
                return Atom.withObjectConstant(variable(a[1], variables), a[0], a[2]);
            }
            if (o) {
                return Atom.withSubjectConstant(a[1], a[0], variable(a[2], variables));
            }
        } catch (IllegalArgumentException e) {
            throw new BadInputException(source, lineNo, column, e.getMessage() + " in rule '" + Messages.echo(text) + "'");
        }
        throw new BadInputException(source, lineNo, column, "atom " + Messages.echo(a[0] + "(" + a[1] + "," + a[2]
                + ")") + " has no variable (a variable is one upper-case letter) in rule '" + Messages.echo(text) + "'");
    }

    private static int variable(String name, Map<String, Integer> variables) {
        return variables.computeIfAbsent(name, k -> variables.size());
    }

    // ------------------------------------------------------------------ writing

    /**
     * The rule as AnyBURL writes it, or null when AnyBURL's rule language cannot say it (the tools that read the
     * format follow the body as a path): a path of variable-only atoms from X through A, B, ... to Y (B), or from
     * the head's variable through fresh variables to a constant in the last atom (U_c; X when the head constant is
     * the object, Y when it is the subject, as AnyBURL starts such a body at the head's variable).
     */
    public static String format(Rule rule) {
        Atom head = rule.head();
        boolean twoVariables = !head.hasConstant();
        String start = head.subjectConstant() == null ? "X" : "Y";
        StringBuilder out = new StringBuilder();
        out.append(head.relation()).append('(')
                .append(head.subjectConstant() != null ? head.subjectConstant() : "X").append(',')
                .append(head.objectConstant() != null ? head.objectConstant() : "Y").append(')')
                .append(" <= ");
        Map<Integer, String> names = new HashMap<>();
        names.put(0, start);
        if (twoVariables) {
            names.put(1, "Y");
        }
        List<Atom> body = rule.body();
        Set<Integer> used = new HashSet<>();
        int current = 0;
        for (int step = 0; step < body.size(); step++) {
            boolean last = step == body.size() - 1;
            int next = -1;
            for (int i = 0; i < body.size(); i++) {
                if (!used.contains(i) && body.get(i).uses(current)) {
                    if (next >= 0) {
                        return null; // a branch: not a path
                    }
                    next = i;
                }
            }
            if (next < 0) {
                return null;
            }
            used.add(next);
            Atom a = body.get(next);
            boolean forward = a.subjectConstant() == null && a.subject() == current;
            String otherConstant = forward ? a.objectConstant() : a.subjectConstant();
            int other = forward ? a.object() : a.subject();
            String otherName;
            if (otherConstant != null) {
                if (!last || twoVariables) {
                    return null; // AnyBURL has a constant only at the end of an acyclic body
                }
                otherName = otherConstant;
            } else if (last) {
                if (!twoVariables || other != 1) {
                    return null;
                }
                otherName = "Y";
            } else {
                if (names.containsKey(other) || names.size() - (twoVariables ? 2 : 1) >= FRESH.length()) {
                    return null;
                }
                otherName = String.valueOf(FRESH.charAt(names.size() - (twoVariables ? 2 : 1)));
                names.put(other, otherName);
            }
            String here = names.get(current);
            if (step > 0) {
                out.append(", ");
            }
            out.append(a.relation()).append('(').append(forward ? here : otherName).append(',')
                    .append(forward ? otherName : here).append(')');
            if (otherConstant == null) {
                current = other;
            }
        }
        return out.toString();
    }

    /**
     * Why AnyBURL's format cannot write one of the rule's names so that it reads back as the same name, or null if it
     * can: a relation with a '(' (the atom's arguments start at the first one) or named {@value #EQUALITY}; a constant
     * that reads as a variable (one upper-case letter) or as {@value #EQUALITY}, or whose parentheses do not pair.
     * Whitespace cannot occur: no name of a {@link Rule} holds it.
     */
    public static String unwritableName(Rule rule) {
        List<Atom> atoms = new ArrayList<>(rule.body());
        atoms.add(rule.head());
        for (Atom a : atoms) {
            if (a.relation().indexOf('(') >= 0) {
                return "relation '" + Messages.echo(a.relation()) + "' holds '(', where AnyBURL's atom starts its"
                        + " arguments";
            }
            if (a.relation().equals(EQUALITY)) {
                return "relation '" + EQUALITY + "' is AnyBURL's name for 'the same entity'";
            }
            for (String c : new String[] {a.subjectConstant(), a.objectConstant()}) {
                if (c == null) {
                    continue;
                }
                if (isVariable(c) || c.equals(EQUALITY)) {
                    return "constant '" + c + "' reads as " + (c.equals(EQUALITY) ? "AnyBURL's 'the same entity'"
                            : "a variable") + " in AnyBURL's format";
                }
                if (!balanced(c)) {
                    return "constant '" + Messages.echo(c) + "' has parentheses that do not pair, which AnyBURL's"
                            + " format takes for the atom's own";
                }
            }
        }
        return null;
    }

    /** One line of an AnyBURL file without the newline; confidence is correct / predicted (0 when nothing is predicted). */
    public static String line(long predicted, long correct, String rule) {
        double confidence = predicted == 0 ? 0.0 : (double) correct / predicted;
        return predicted + "\t" + correct + "\t" + confidence + "\t" + rule;
    }
}
