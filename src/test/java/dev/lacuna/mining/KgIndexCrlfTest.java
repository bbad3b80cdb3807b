package dev.lacuna.mining;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.testing.TestData;

/** FB15k-237's train.txt has CRLF line ends: no name may keep the carriage return. */
class KgIndexCrlfTest {
    @Test
    void crlfLinesReadAsLfLines(@TempDir Path dir) throws Exception {
        Path fb = TestData.kg("fb15k-237", "train.txt");
        assertEquals('\r', Files.readString(fb).charAt(Files.readString(fb).indexOf('\n') - 1), "test data changed");
        KgIndex crlf = KgIndex.fromTsv(fb);
        Path lf = dir.resolve("train-lf.txt");
        Files.writeString(lf, Files.readString(fb).replace("\r\n", "\n"));
        KgIndex plain = KgIndex.fromTsv(lf);
        assertEquals(plain.tripleCount(), crlf.tripleCount());
        assertEquals(plain.entityCount(), crlf.entityCount());
        for (int e = 0; e < crlf.entityCount(); e++) {
            assertEquals(plain.entityName(e), crlf.entityName(e));
            assertFalse(crlf.entityName(e).contains("\r"));
        }
        for (int r = 0; r < crlf.relationCount(); r++) {
            assertEquals(plain.relationName(r), crlf.relationName(r));
        }
    }
}
