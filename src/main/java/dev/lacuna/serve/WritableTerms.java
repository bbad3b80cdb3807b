package dev.lacuna.serve;

import java.util.regex.Pattern;

import org.eclipse.rdf4j.model.BNode;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Literal;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.Value;

/**
 * What a writable endpoint lets an update add: only terms that the run's changes can be written as, in a UTF-8 file
 * of SPARQL Update ({@code --keep-updates}), and read back as the same terms. SPARQL's escapes reach further than
 * RDF: {@code INSERT DATA { <s> <p> "\uDC00" }} parses to a string with a lone UTF-16 surrogate, no Unicode
 * character, which no UTF-8 file holds (writing the keep file failed at stop, and every change of the run was lost),
 * and a function such as {@code IRI(CONCAT(...))} can make an IRI with a space, which no SPARQL text can hold.
 * Such an update is refused (400) before its commit, naming the term.
 */
final class WritableTerms {
    /** SPARQL 1.1's LANGTAG without the '@'. */
    private static final Pattern LANGUAGE = Pattern.compile("[a-zA-Z]+(-[a-zA-Z0-9]+)*");
    /** A blank node label N-Triples and SPARQL both read (PN_CHARS_U and digits, '-' and '.' inside). */
    private static final Pattern BLANK = Pattern.compile("[A-Za-z0-9_]([A-Za-z0-9_.-]*[A-Za-z0-9_-])?");

    private WritableTerms() {
    }

    /** Why the statement cannot be written and read back, or null when it can. */
    static String problem(Statement st) {
        for (Value v : new Value[] {st.getSubject(), st.getPredicate(), st.getObject()}) {
            String problem = problem(v);
            if (problem != null) {
                return problem;
            }
        }
        return null;
    }

    /** Why the term cannot be written as SPARQL in UTF-8 and read back, or null when it can. */
    static String problem(Value v) {
        if (v instanceof IRI iri) {
            return iriProblem(iri.stringValue());
        }
        if (v instanceof BNode b) {
            return BLANK.matcher(b.getID()).matches() ? null
                    : "the blank node _:" + shown(b.getID()) + " has a label no SPARQL text can hold";
        }
        if (v instanceof Literal l) {
            String surrogate = loneSurrogate(l.getLabel());
            if (surrogate != null) {
                return "the literal \"" + shown(l.getLabel()) + "\" holds " + surrogate;
            }
            if (l.getLanguage().isPresent() && !LANGUAGE.matcher(l.getLanguage().get()).matches()) {
                return "the literal's language tag '" + shown(l.getLanguage().get()) + "' is no language tag";
            }
            return iriProblem(l.getDatatype().stringValue());
        }
        return v == null ? null : "the term " + shown(v.stringValue()) + " is neither an IRI, a blank node nor a literal";
    }

    private static String iriProblem(String iri) {
        String surrogate = loneSurrogate(iri);
        if (surrogate != null) {
            return "the IRI <" + shown(iri) + "> holds " + surrogate;
        }
        for (int i = 0; i < iri.length(); i++) {
            char c = iri.charAt(i);
            if (c <= 0x20 || "<>\"{}|^`\\".indexOf(c) >= 0) {
                return "the IRI <" + shown(iri) + "> holds the character " + String.format("U+%04X", (int) c)
                        + ", which no IRI in SPARQL may hold";
            }
        }
        return null;
    }

    /** "a lone UTF-16 surrogate U+DC00 ..." for the first surrogate without its pair, or null. */
    private static String loneSurrogate(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return String.format("a lone UTF-16 surrogate U+%04X, which is no Unicode character (no UTF-8 text can"
                        + " hold it; SPARQL's \\u escapes can write it, RDF cannot)", (int) c);
            }
        }
        return null;
    }

    /** The text as a message may show it: surrogates and control characters as U+XXXX, cut after 60 characters. */
    private static String shown(String s) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < s.length() && out.length() < 60; i++) {
            char c = s.charAt(i);
            if (Character.isSurrogate(c) && !(Character.isHighSurrogate(c) && i + 1 < s.length()
                    && Character.isLowSurrogate(s.charAt(i + 1))) && !(Character.isLowSurrogate(c) && i > 0
                    && Character.isHighSurrogate(s.charAt(i - 1))) || Character.isISOControl(c)) {
                out.append(String.format("U+%04X", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.length() < 60 ? out.toString() : out + "...";
    }
}
