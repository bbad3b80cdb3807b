package dev.lacuna.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;

import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.junit.jupiter.api.Test;

import dev.lacuna.LacunaException;
import dev.lacuna.Progress;
import dev.lacuna.questions.Question;

/** The shape of verify: a list of checks, each declaring its reads, run by one runner that shares the reads. */
class CheckRunnerTest extends TamperedFolderTest {

    /** A check written as a new check would be: it fails on the first question of the test split. */
    static final class FirstTestQuestionRefused implements VerifyCheck {
        @Override
        public String name() {
            return "first test question refused";
        }

        @Override
        public List<Read<?>> reads() {
            return List.of(Reads.QUESTIONS);
        }

        @Override
        public List<Verifier.Check> run(Reads reads) {
            Question first = reads.get(Reads.QUESTIONS).test().get(0);
            return List.of(new Verifier.Check("the first test question is refused", 1,
                    List.of(first.id() + ": refused by the added check")));
        }
    }

    private static VerifyInput quiet(Path dir) {
        return VerifyInput.fromStore(repository, dir).withProgress(Progress.Channel.SILENT);
    }

    @Test
    void aCheckAddedToTheListRunsAndItsFailureIsReported() throws IOException {
        Path dir = copy();
        Verifier.Report plain = Verifier.verify(quiet(dir));
        assertTrue(plain.passed(), "the untouched folder passes");
        List<VerifyCheck> list = new ArrayList<>(VerifyChecks.ALL);
        list.add(new FirstTestQuestionRefused());
        Verifier.Report report = Verifier.verify(quiet(dir), list);
        assertFalse(report.passed());
        List<String> names = report.checks().stream().map(Verifier.Check::name).toList();
        assertEquals(plain.checks().stream().map(Verifier.Check::name).toList(), names.subList(0, names.size() - 1),
                "the list's checks are reported as before, in their order");
        Verifier.Check added = report.checks().get(report.checks().size() - 1);
        assertEquals("the first test question is refused", added.name());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        report.print(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String printed = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(printed.contains("FAIL the first test question is refused"), printed);
        assertTrue(printed.contains(": refused by the added check"), printed);
        LacunaException e = assertThrows(LacunaException.class, report::requirePassed);
        assertTrue(e.getMessage().contains("the first test question is refused (1 failed"), e.getMessage());
    }

    @Test
    void twoChecksDeclaringOneReadShareOneLoad() throws IOException {
        AtomicInteger loads = new AtomicInteger();
        Read<List<String>> slow = Read.onFirstUse("a slow read", r -> {
            loads.incrementAndGet();
            sleep(300); // both checks ask while it loads
            return List.of("loaded");
        });
        List<Object> seen = Collections.synchronizedList(new ArrayList<>());
        List<VerifyCheck> list = List.of(
                VerifyCheck.of("one", List.of(slow), r -> {
                    seen.add(r.get(slow));
                    return new Verifier.Check("one", 1, List.of());
                }),
                VerifyCheck.of("two", List.of(slow, Reads.QUESTIONS), r -> {
                    seen.add(r.get(slow));
                    return new Verifier.Check("two", r.get(Reads.QUESTIONS).size(), List.of());
                }));
        Verifier.Report report = Verifier.verify(quiet(copy()), list);
        assertTrue(report.passed());
        assertEquals(1, loads.get(), "the read was loaded once");
        assertEquals(2, seen.size());
        assertSame(seen.get(0), seen.get(1), "both checks got the one value");
    }

    @Test
    void aReadBeforeTheChecksIsLoadedBeforeAnyStarts() throws IOException {
        AtomicReference<String> state = new AtomicReference<>("not loaded");
        Read<String> first = Read.beforeChecks("a read before the checks", r -> {
            state.set("loaded");
            return "value";
        });
        List<VerifyCheck> list = List.of(VerifyCheck.of("reads it", List.of(first), r -> {
            String before = state.get();
            return new Verifier.Check("reads it", 1, before.equals("loaded") && r.get(first).equals("value")
                    ? List.of() : List.of("the read was " + before + " when the check started"));
        }));
        assertTrue(Verifier.verify(quiet(copy()), list).passed());
    }

    @Test
    void aCheckMayReadOnlyWhatItDeclares() throws IOException {
        List<VerifyCheck> list = List.of(VerifyCheck.of("undeclared", List.of(Reads.FOLDER),
                r -> new Verifier.Check("undeclared", r.get(Reads.QUESTIONS).size(), List.of())));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Verifier.verify(quiet(copy()), list));
        assertTrue(e.getMessage().contains("\"undeclared\" reads the question files but does not declare it"),
                e.getMessage());
    }

    @Test
    void theReportKeepsTheListsOrderWhateverFinishesFirst() throws IOException {
        List<VerifyCheck> list = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            int n = i;
            list.add(VerifyCheck.of("check " + n, List.of(), r -> {
                sleep(60L * (6 - n)); // the first ends last
                return new Verifier.Check("check " + n, 1, List.of());
            }));
        }
        Verifier.Report report = Verifier.verify(quiet(copy()), list);
        assertEquals(IntStream.range(0, 6).mapToObj(i -> "check " + i).toList(),
                report.checks().stream().map(Verifier.Check::name).toList());
    }

    @Test
    void workInsideWorkEndsAndTheFirstFailureInListOrderIsThrown() {
        List<Callable<Integer>> outer = new ArrayList<>();
        for (int i = 0; i < 3 * CheckRunner.THREADS; i++) {
            int n = i;
            outer.add(() -> CheckRunner.all(List.<Callable<Integer>>of(() -> n, () -> {
                sleep(20);
                return 1;
            }, () -> 2)).stream().mapToInt(Integer::intValue).sum());
        }
        List<Integer> sums = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> CheckRunner.all(outer));
        assertEquals(IntStream.range(0, 3 * CheckRunner.THREADS).map(n -> n + 3).boxed().toList(), sums);
        List<Callable<Integer>> failing = List.of(() -> 1, () -> {
            sleep(200);
            throw new IllegalArgumentException("second");
        }, () -> {
            throw new IllegalStateException("third");
        });
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CheckRunner.all(failing));
        assertEquals("second", e.getMessage());
    }

    @Test
    void aPipeWithNoFreeThreadHandsOverOnTheScansOwnThread() throws InterruptedException {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch busy = new CountDownLatch(CheckRunner.THREADS);
        int taken = 0;
        for (int i = 0; i < CheckRunner.THREADS; i++) {
            taken += CheckRunner.fork(() -> {
                busy.countDown();
                await(release);
            }) ? 1 : 0;
        }
        try {
            assertEquals(CheckRunner.THREADS, taken);
            assertTrue(busy.await(10, TimeUnit.SECONDS));
            assertFalse(CheckRunner.fork(() -> { }), "every pool thread is busy");
            ValueFactory vf = SimpleValueFactory.getInstance();
            List<Statement> given = new ArrayList<>();
            for (int i = 0; i < 20_000; i++) {
                given.add(vf.createStatement(vf.createIRI("urn:s" + i), vf.createIRI("urn:p"), vf.createLiteral(i)));
            }
            List<Statement> got = new ArrayList<>();
            AtomicReference<Thread> scan = new AtomicReference<>();
            List<Thread> on = new ArrayList<>();
            assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
                scan.set(Thread.currentThread());
                try (StatementPipe pipe = new StatementPipe(st -> {
                    got.add(st);
                    if (on.isEmpty()) {
                        on.add(Thread.currentThread());
                    }
                })) {
                    given.forEach(pipe);
                    pipe.finish();
                }
            });
            assertEquals(given, got, "every statement, in order");
            assertFalse(on.isEmpty());
            assertSame(scan.get(), on.get(0), "handed over on the scan's own thread");
        } finally {
            release.countDown();
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
