package dev.lacuna.verify;

import java.util.List;

/**
 * One check of verify: a name, the {@link Read}s it needs (shared with every other check that declares them, and
 * the only ones it may ask {@link Reads} for), and its result, the lines it adds to the report (usually one; none
 * when it does not apply to the folder, as the broken graphs' checks to a folder without broken graphs). A new check
 * is a class implementing this (or a method given to {@link #of}) and one line in {@link VerifyChecks#ALL}; the
 * {@link CheckRunner} runs it beside the others and the report keeps the list's order.
 */
interface VerifyCheck {
    /** What the check is about, as progress shows it while the check runs. */
    String name();

    /** Everything it reads through {@link Reads#get}. */
    List<Read<?>> reads();

    /** Its lines of the report, in order; throws on input it cannot check (bad input ends verify, exit code 2). */
    List<Verifier.Check> run(Reads reads) throws Exception;

    /** The body of a check of one line. */
    @FunctionalInterface
    interface One {
        Verifier.Check run(Reads reads) throws Exception;
    }

    /** The body of a check of several lines. */
    @FunctionalInterface
    interface Many {
        List<Verifier.Check> run(Reads reads) throws Exception;
    }

    /** A check of one line of the report. */
    static VerifyCheck of(String name, List<Read<?>> reads, One body) {
        return many(name, reads, r -> List.of(body.run(r)));
    }

    /** A check of several lines of the report (or none). */
    static VerifyCheck many(String name, List<Read<?>> reads, Many body) {
        List<Read<?>> declared = List.copyOf(reads);
        return new VerifyCheck() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public List<Read<?>> reads() {
                return declared;
            }

            @Override
            public List<Verifier.Check> run(Reads r) throws Exception {
                return body.run(r);
            }

            @Override
            public String toString() {
                return name;
            }
        };
    }
}
