package dev.lacuna.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

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
            }));
            assertEquals(503, e.status(), e.getMessage());
            assertTrue(e.getMessage().contains("memory budget"), e.getMessage());
        }
    }

    @Test
    void aQueryThatFailsOnItsOwnIsNotCalledOverBudget() {
        try (Admission admission = new Admission(1, 1, Duration.ofSeconds(30), 1L << 30)) {
            QueryEvaluationException e = assertThrows(QueryEvaluationException.class, () -> admission.run(budget -> {
                throw new QueryEvaluationException("broken");
            }));
            assertEquals("broken", e.getMessage());
        }
    }
}
