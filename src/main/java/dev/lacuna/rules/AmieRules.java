package dev.lacuna.rules;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import dev.lacuna.AtomicFiles;
import dev.lacuna.BadInputException;
import dev.lacuna.LacunaException;
import dev.lacuna.LineReader;
import dev.lacuna.Messages;
import dev.lacuna.store.SourceNames;

/**
 * Reads and writes AMIE3's rule files: a tab-separated header line {@code Rule, Head Coverage, Standard
 * Confidence, Pca Confidence, Support, Body Size, Pca Body Size, Functional Variable}, then one rule per line.
 * AMIE3's stdout (log lines before the header, a summary after the rules) is read too.
 */
public final class AmieRules {
    public static final List<String> HEADER = List.of("Rule", "Head Coverage", "Standard Confidence",
            "Pca Confidence", "Support", "Body Size", "Pca Body Size", "Functional Variable");
    /**
     * The line {@code lacuna mine} writes before the header, so that a build from the file can say the rules are
     * Lacuna's (summary.json's {@code rules_from}); readers skip it as they skip AMIE3's log lines.
     */
    public static final String MINED_BY_LACUNA_LINE = "# rules mined by lacuna mine; AMIE3's columns below";
    private static final int COLUMNS = HEADER.size();
    /** Lines AMIE3 prints on stdout after its rules. */
    private static final Pattern TRAILER = Pattern.compile(
            "^(Mining done|Total time|\\d+ rules mined|Loading|Using|Lazy|Rule\\s).*");
    /** A token of a rule: what lies between whitespace, Unicode's included (a name holds none, see Atom). */
    private static final Pattern TOKEN = Pattern.compile("[^\\s\\p{Z}]+", Pattern.UNICODE_CHARACTER_CLASS);

    /** Deterministic output order: head relation, rule length, then the printed rule. */
    public static final Comparator<MinedRule> ORDER = Comparator
            .comparing((MinedRule m) -> m.rule().head().relation())
            .thenComparingInt(m -> m.rule().length())
            .thenComparing(m -> m.rule().toAmie());

    private AmieRules() {
    }

    /** All rules of an AMIE3 TSV or stdout file, in file order; rules repeated up to renaming are an error. */
    public static List<MinedRule> read(Path file) {
        return read(file, new ArrayList<>());
    }

    /** As {@link #read(Path)}, adding each rule's 1-based line number to {@code lineNumbers}. */
    public static List<MinedRule> read(Path file, List<Long> lineNumbers) {
        String source = file.toString();
        List<MinedRule> rules = new ArrayList<>();
        Set<Rule> seen = new HashSet<>();
        try (LineReader in = LineReader.open(file)) {
            boolean headerSeen = false;
            String line;
            while ((line = in.readLine()) != null) {
                long lineNo = in.lineNumber();
                if (!headerSeen) {
                    // AMIE3's stdout starts with log lines; its TSV with the header.
                    if (line.startsWith("Rule\t")) {
                        headerSeen = true;
                    }
                    continue;
                }
                if (line.isBlank() || (!line.contains("=>") && TRAILER.matcher(line).matches())) {
                    continue;
                }
                MinedRule rule = parseLine(line, source, lineNo);
                if (!seen.add(rule.rule())) {
                    throw new BadInputException(source, lineNo, 1,
                            "rule repeated (equal up to variable renaming to an earlier line): " + rule.rule());
                }
                rules.add(rule);
                lineNumbers.add(lineNo);
            }
            if (!headerSeen) {
                throw new BadInputException(source, 1, 1,
                        "not an AMIE3 rules file: no header line starting with 'Rule<TAB>Head Coverage'");
            }
        } catch (NoSuchFileException e) {
            throw new BadInputException(source, -1, -1, "no such file");
        } catch (IOException e) {
            throw new LacunaException("cannot read " + source + ": " + e.getMessage(), e);
        }
        return rules;
    }

    /** One data line: the rule and its seven measures. */
    public static MinedRule parseLine(String line, String source, long lineNo) {
        String[] cols = line.split("\t", -1);
        if (cols.length < COLUMNS) {
            throw new BadInputException(source, lineNo, 1,
                    "expected " + COLUMNS + " tab-separated columns (" + String.join(", ", HEADER) + "), found "
                            + cols.length);
        }
        int[] start = new int[cols.length];
        for (int i = 1; i < cols.length; i++) {
            start[i] = start[i - 1] + cols[i - 1].length() + 1;
        }
        Rule rule = parseRule(cols[0], source, lineNo);
        double hc = fraction(cols[1], HEADER.get(1), source, lineNo, start[1]);
        double std = fraction(cols[2], HEADER.get(2), source, lineNo, start[2]);
        double pca = fraction(cols[3], HEADER.get(3), source, lineNo, start[3]);
        long support = count(cols[4], HEADER.get(4), source, lineNo, start[4]);
        long body = count(cols[5], HEADER.get(5), source, lineNo, start[5]);
        long pcaBody = count(cols[6], HEADER.get(6), source, lineNo, start[6]);
        String fv = cols[7].trim();
        int functional;
        if (fv.equals("-1") || fv.equals("?a")) {
            functional = -1;
        } else if (fv.equals("-2") || fv.equals("?b")) {
            functional = -2;
        } else {
            throw new BadInputException(source, lineNo, start[7] + 1,
                    "Functional Variable must be -1 or -2, got '" + Messages.echo(cols[7]) + "'");
        }
        if (rule.head().hasConstant()) {
            // a head with a constant has one variable: it is the functional one, on its side (-1 subject, -2 object),
            // whatever name the file gave it
            functional = rule.head().subjectConstant() == null ? -1 : -2;
        }
        return new MinedRule(rule, new RuleMeasures(hc, std, pca, support, body, pcaBody, functional));
    }

    private static double fraction(String text, String column, String source, long line, int start) {
        double v;
        try {
            v = Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
            throw new BadInputException(source, line, start + 1, column + " is not a number: '" + Messages.echo(text) + "'");
        }
        if (!(v >= 0.0 && v <= 1.0)) {
            throw new BadInputException(source, line, start + 1, column + " must lie in [0, 1], got " + Messages.echo(text));
        }
        return v;
    }

    private static long count(String text, String column, String source, long line, int start) {
        String t = text.trim();
        try {
            return Long.parseLong(t);
        } catch (NumberFormatException e) {
            // AMIE3 may print counts as doubles ("454.0").
            try {
                double d = Double.parseDouble(t);
                if (d >= 0 && d == Math.rint(d) && d < 9.0e15) {
                    return (long) d;
                }
            } catch (NumberFormatException ignored) {
                // reported below
            }
            throw new BadInputException(source, line, start + 1, column + " is not a whole number: '" + Messages.echo(text) + "'");
        }
    }

    /**
     * Parses a rule in AMIE3's printed form ({@code ?b  r1  ?a  ?a  r2  ?c   => ?b  r3  ?c}); whitespace between
     * tokens may be any amount, Unicode's included. Variables are {@code ?} followed by letters and digits; any other
     * argument token is a constant (AMIE3's {@code -const} rules print entities by name), e.g.
     * {@code ?a  gender  female}. The arrow is the token {@code =>} alone: a name may hold those two characters.
     */
    public static Rule parseRule(String text, String source, long line) {
        List<String> tokens = new ArrayList<>();
        List<Integer> columns = new ArrayList<>();
        int arrow = -1;
        for (java.util.regex.Matcher m = TOKEN.matcher(text); m.find(); ) {
            if (m.group().equals(SourceNames.AMIE_ARROW)) {
                if (arrow >= 0) {
                    throw new BadInputException(source, line, m.start() + 1, "more than one '=>' in rule '"
                            + Messages.echo(text) + "'");
                }
                arrow = tokens.size();
            }
            tokens.add(m.group());
            columns.add(m.start() + 1);
        }
        if (arrow < 0) {
            throw new BadInputException(source, line, 1, "not a rule (no '=>' between body and head): '"
                    + Messages.echo(text) + "'");
        }
        String[] bodyTokens = tokens.subList(0, arrow).toArray(new String[0]);
        String[] headTokens = tokens.subList(arrow + 1, tokens.size()).toArray(new String[0]);
        if (bodyTokens.length == 0) {
            throw new BadInputException(source, line, 1, "rule has an empty body: '" + Messages.echo(text) + "'");
        }
        if (bodyTokens.length % 3 != 0) {
            throw new BadInputException(source, line, 1,
                    "body must be atoms of three tokens (?x relation ?y), found " + bodyTokens.length + " tokens: '"
                            + Messages.echo(String.join("  ", bodyTokens)) + "'");
        }
        if (headTokens.length != 3) {
            throw new BadInputException(source, line, columns.get(arrow) + 3,
                    "head must be one atom (?x relation ?y), found " + headTokens.length + " tokens: '"
                            + Messages.echo(String.join("  ", headTokens)) + "'");
        }
        Map<String, Integer> vars = new HashMap<>();
        List<Atom> body = new ArrayList<>();
        for (int i = 0; i < bodyTokens.length; i += 3) {
            body.add(atom(bodyTokens, i, vars, source, line, text));
        }
        Atom head = atom(headTokens, 0, vars, source, line, text);
        try {
            return Rule.of(body, head);
        } catch (IllegalArgumentException e) {
            throw new BadInputException(source, line, 1, e.getMessage() + " in rule '" + Messages.echo(text) + "'");
        }
    }

    private static Atom atom(String[] tokens, int i, Map<String, Integer> vars, String source, long line, String text) {
        String s = tokens[i];
        String o = tokens[i + 2];
        boolean sConst = !s.startsWith("?");
        boolean oConst = !o.startsWith("?");
        if (sConst && oConst) {
            throw new BadInputException(source, line, 1, "atom '" + Messages.echo(s + "  " + tokens[i + 1] + "  " + o)
                    + "' has no variable (a variable starts with '?') in rule '" + Messages.echo(text) + "'");
        }
        try {
            if (sConst) {
                return Atom.withSubjectConstant(s, tokens[i + 1], variable(o, vars, source, line, text));
            }
            if (oConst) {
                return Atom.withObjectConstant(variable(s, vars, source, line, text), tokens[i + 1], o);
            }
        } catch (IllegalArgumentException e) {
            throw new BadInputException(source, line, 1, e.getMessage() + " in rule '" + Messages.echo(text) + "'");
        }
        return new Atom(variable(s, vars, source, line, text), tokens[i + 1], variable(o, vars, source, line, text));
    }

    /** A token starting with '?' is a variable (AMIE3's form); any other token is a constant (an entity name). */
    private static int variable(String token, Map<String, Integer> vars, String source, long line, String text) {
        if (token.length() < 2) {
            throw new BadInputException(source, line, 1,
                    "'" + Messages.echo(token) + "' is not a variable (a '?' followed by letters and digits) in rule '"
                            + Messages.echo(text) + "'");
        }
        return vars.computeIfAbsent(token, k -> vars.size());
    }

    /** Writes the rules as AMIE3's TSV, in {@link #ORDER}; measures with six decimals as AMIE3 prints them. */
    public static void write(List<MinedRule> rules, Path file) {
        List<MinedRule> sorted = new ArrayList<>(rules);
        sorted.sort(ORDER);
        StringBuilder out = new StringBuilder();
        out.append(String.join("\t", HEADER)).append('\n');
        for (MinedRule m : sorted) {
            out.append(format(m)).append('\n');
        }
        // whole or not at all: a full disk after hours of mining must not leave a truncated rules file
        AtomicFiles.writeString(file, out.toString());
    }

    /** As {@link #write}, after the line that marks the file as mined by Lacuna. */
    public static void writeMined(List<MinedRule> rules, Path file) {
        List<MinedRule> sorted = new ArrayList<>(rules);
        sorted.sort(ORDER);
        StringBuilder out = new StringBuilder(MINED_BY_LACUNA_LINE).append('\n');
        out.append(String.join("\t", HEADER)).append('\n');
        for (MinedRule m : sorted) {
            out.append(format(m)).append('\n');
        }
        AtomicFiles.writeString(file, out.toString());
    }

    /** Whether the rule file was written by {@code lacuna mine} (its first line is {@link #MINED_BY_LACUNA_LINE}). */
    public static boolean minedByLacuna(Path file) {
        try (LineReader in = LineReader.open(file)) {
            String first = in.readLine();
            return first != null && first.equals(MINED_BY_LACUNA_LINE);
        } catch (IOException | BadInputException e) {
            return false;
        }
    }

    /** One TSV line without the newline. */
    public static String format(MinedRule m) {
        RuleMeasures r = m.measures();
        return String.format(Locale.ROOT, "%s\t%.6f\t%.6f\t%.6f\t%d\t%d\t%d\t%d", m.rule().toAmie(),
                r.headCoverage(), r.standardConfidence(), r.pcaConfidence(), r.support(), r.bodySize(),
                r.pcaBodySize(), r.functionalVariable());
    }
}
