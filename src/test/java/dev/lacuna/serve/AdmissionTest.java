package dev.lacuna.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.eclipse.rdf4j.query.QueryEvaluationException;
import org.junit.jupiter.api.Test;

/** How a query the budget stopped answers, whichever way RDF4J hands the interruption on. */
class AdmissionTest {
    @Test
    void aQueryOverItsMemoryBudgetAnswers503EvenWhenRdf4jWrapsTheInterruption() {
        try (Admission admission = new Admission(1, 1, Duration.ofSeconds(30), 1024)) {
            HttpError e = assertThrows(HttpError.class, () -> admission.run(budget -> {
                budget.cancel("memory budget");
                try {
                    budget.check();
                } catch (RuntimeException interrupted) {
                    // As a join or an iteration's close does: the interruption arrives as the cause.
                    throw new QueryEvaluationException(interrupted);
                }
                return null;
            }, late -> { }));
            assertEquals(503, e.status(), e.getMessage());
            assertTrue(e.getMessage().contains("memory budget"), e.getMessage());
        }
    }

    @Test
    void theWatchdogAnswersAtTheDeadlineWhileTheWorkStillRunsWithoutReadingTheStore() throws Exception {
        // Work that never reaches a budget check (a long computation over VALUES, say) still gets its 503 on time,
        // from the watchdog, and the thread that ran it is counted until it is free.
        CountDownLatch answered = new CountDownLatch(1);
        AtomicReference<HttpError> late = new AtomicReference<>();
        try (Admission admission = new Admission(1, 0, Duration.ofMillis(200), 1L << 30)) {
            String result = admission.run(budget -> {
                try {
                    assertTrue(answered.await(30, TimeUnit.SECONDS), "no answer from the watchdog");
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                assertEquals(1, admission.inFlight());
                assertEquals("time limit", budget.cancelledBecause());
                return "done";
            }, e -> {
                late.set(e);
                answered.countDown();
            });
            assertEquals("done", result, "the caller drops the work's own result once the watchdog answered");
            assertEquals(503, late.get().status());
            assertTrue(late.get().getMessage().contains("time limit"), late.get().getMessage());
            assertEquals(0, admission.inFlight());
            HttpError busy = assertThrows(HttpError.class, () -> {
                try (Admission full = new Admission(1, 0, Duration.ofSeconds(30), 1L << 30)) {
                    full.run(budget -> full.run(inner -> "never", ignored -> { }), ignored -> { });
                }
            });
            assertTrue(busy.getMessage().contains("server busy"), busy.getMessage());
        }
    }

    @Test
    void aQueryThatFailsOnItsOwnIsNotCalledOverBudget() {
        try (Admission admission = new Admission(1, 1, Duration.ofSeconds(30), 1L << 30)) {
            QueryEvaluationException e = assertThrows(QueryEvaluationException.class, () -> admission.run(budget -> {
                throw new QueryEvaluationException("broken");
            }, late -> { }));
            assertEquals("broken", e.getMessage());
        }
    }
}
