package dev.lacuna.verify;

import static dev.lacuna.verify.Reads.FOLDER;
import static dev.lacuna.verify.Reads.QUESTIONS;
import static dev.lacuna.verify.Reads.RECORDS;
import static dev.lacuna.verify.Reads.REMOVED;
import static dev.lacuna.verify.Reads.RULES;
import static dev.lacuna.verify.Reads.SPARQL;
import static dev.lacuna.verify.Reads.STORE;
import static dev.lacuna.verify.Reads.STORE_GRAPHS;

import java.io.IOException;
import java.util.HashSet;
import java.util.List;

import org.eclipse.rdf4j.repository.RepositoryConnection;

import dev.lacuna.BadInputException;
import dev.lacuna.folder.BenchmarkFolder;
import dev.lacuna.questions.Question;

/**
 * Every check of {@code lacuna verify} and of the build's own verify, in the order of the report. To add a check,
 * write it as a {@link VerifyCheck} (or a method returning a {@link Verifier.Check}, given to {@link VerifyCheck#of})
 * and add its line here, with the {@link Reads} it needs.
 */
final class VerifyChecks {
    private VerifyChecks() {
    }

    static final List<VerifyCheck> ALL = List.of(
            VerifyCheck.of("complete unchanged since load", List.of(STORE, STORE_GRAPHS),
                    r -> withConnection(r, conn -> PaperChecks.completeUnchanged(conn, r.kg(),
                            r.get(STORE_GRAPHS).completeSum()))),
            VerifyCheck.of("removed triples", List.of(SPARQL, REMOVED),
                    r -> PaperChecks.removedTriples(r.get(SPARQL), r.kg(), r.get(REMOVED))),
            VerifyCheck.of("incomplete = complete minus removed", List.of(STORE_GRAPHS, REMOVED),
                    r -> PaperChecks.incompleteIsCompleteMinusRemoved(r.kg(), r.get(REMOVED),
                            r.get(STORE_GRAPHS).completeSum(), r.get(STORE_GRAPHS).incompleteSum())),
            // A deeper question's grounding is its proof's last step, whose body holds only with the earlier heads.
            VerifyCheck.of("grounding bodies in incomplete", List.of(SPARQL, QUESTIONS),
                    r -> PaperChecks.bodiesHold(r.get(SPARQL), r.kg(), ProofCheck.depthOne(questions(r)))),
            VerifyCheck.of("hard answers inferable by their rules", List.of(SPARQL, QUESTIONS),
                    r -> RuleInferenceCheck.check(r.get(SPARQL), r.kg(), ProofCheck.depthOne(questions(r)))),
            VerifyCheck.many("proofs of deeper questions", List.of(STORE, SPARQL, RULES, FOLDER, QUESTIONS, REMOVED),
                    r -> !ProofCheck.needed(questions(r)) ? List.of() : withConnection(r, conn -> ProofCheck.checks(conn,
                            r.get(SPARQL), r.kg(), r.get(RULES), questions(r), new HashSet<>(r.get(REMOVED)),
                            r.get(FOLDER).summary()))),
            VerifyCheck.many("broken graphs", List.of(STORE, FOLDER, QUESTIONS, STORE_GRAPHS),
                    r -> withConnection(r, conn -> BrokenGraphCheck.checks(conn, r.kg(), r.get(FOLDER), questions(r),
                            r.get(STORE_GRAPHS).broken(), r.get(STORE_GRAPHS).incompleteSum()))),
            VerifyCheck.of("question files against the store", List.of(STORE, QUESTIONS),
                    r -> withConnection(r, conn -> FolderChecks.questionsMatchStore(conn, r.kg(), r.get(QUESTIONS)))),
            VerifyCheck.of("question fields against the store's records", List.of(RECORDS, QUESTIONS),
                    r -> RecordChecks.questionsMatchRecords(r.kg(), r.get(QUESTIONS), r.get(RECORDS))),
            VerifyCheck.of("question lines", List.of(FOLDER), r -> RecordChecks.questionLines(r.get(FOLDER))),
            VerifyCheck.of("no unknown files", List.of(FOLDER), r -> RecordChecks.onlyKnownFiles(r.get(FOLDER))),
            VerifyCheck.many("files build writes byte for byte", List.of(FOLDER, RECORDS),
                    r -> RecordChecks.filesBuildWrites(r.get(FOLDER), r.get(RECORDS))),
            VerifyCheck.of("summary.json's build counts", List.of(FOLDER, RECORDS),
                    r -> RecordChecks.buildCounts(r.get(FOLDER).summary(), r.get(RECORDS))),
            VerifyCheck.of("summary.json's counts", List.of(STORE, FOLDER, QUESTIONS, REMOVED),
                    r -> withConnection(r, conn -> summaryCounts(conn, r))),
            VerifyCheck.of("hard answers removed", List.of(QUESTIONS, REMOVED),
                    r -> FolderChecks.hardAnswersAreRemovedHeads(r.get(QUESTIONS), r.get(REMOVED))),
            VerifyCheck.many("the folder's graph files against the store", List.of(STORE_GRAPHS),
                    r -> r.get(STORE_GRAPHS).fileChecks().get()),
            VerifyCheck.of("no leaks", List.of(QUESTIONS), r -> PaperChecks.noLeaks(questions(r))),
            VerifyCheck.of("no give-aways", List.of(FOLDER, QUESTIONS),
                    r -> GiveAwayCheck.check(r.get(FOLDER), questions(r))),
            VerifyCheck.of("answer sets", List.of(SPARQL, QUESTIONS),
                    r -> PaperChecks.answerSets(r.get(SPARQL), r.kg(), questions(r))),
            VerifyCheck.of("split sizes", List.of(QUESTIONS), r -> PaperChecks.splitSizes(r.get(QUESTIONS))));

    private static List<Question> questions(Reads r) {
        return r.get(QUESTIONS).all();
    }

    @FunctionalInterface
    private interface OnConnection<T> {
        T run(RepositoryConnection conn) throws Exception;
    }

    /** Each check asks the store on a connection of its own: a connection is not shared between threads. */
    private static <T> T withConnection(Reads r, OnConnection<T> body) throws Exception {
        try (RepositoryConnection conn = r.get(STORE).getConnection()) {
            return body.run(conn);
        }
    }

    private static Verifier.Check summaryCounts(RepositoryConnection conn, Reads r) {
        BenchmarkFolder folder = r.get(FOLDER);
        try {
            return FolderChecks.summaryCounts(conn, r.kg(), folder, r.get(QUESTIONS), r.get(REMOVED).size());
        } catch (IOException e) {
            throw new BadInputException(folder.summaryFile().toString(), -1, -1, "cannot read: " + e.getMessage());
        }
    }
}
