package dev.lacuna;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

class ProgressTest {
    @Test
    void withoutATerminalABarPrintsOneLineAtStartAndOneAtTheEnd() {
        List<String> lines = new ArrayList<>();
        try (Progress p = ConsoleProgress.logging("groundings", 40, "rules", lines::add)) {
            IntStream.range(0, 40).parallel().forEach(i -> p.step(1));
            p.close(); // closing twice, as try-with-resources after an explicit close does, adds nothing
        }
        assertEquals(2, lines.size(), lines.toString());
        assertEquals("groundings: started, 40 rules", lines.get(0));
        assertTrue(lines.get(1).startsWith("groundings: done, 40/40 rules in "), lines.get(1));
    }
}
