package dev.lacuna.tog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * ToG lays out the knowledge triplets of its "enough?" and answer prompts with Python's {@code str()} of its tuples:
 * a depth's chains on one line, joined by {@code ", "}, one line per depth. Every expected value below is what
 * Python 3 prints for the same tuples, worked out from {@code repr}'s rules for strings.
 */
class TogTripletLayoutTest {
    @Test
    void aTupleOfPlainNamesIsSingleQuoted() {
        // str(('163', 'brother', '229'))
        assertEquals("('163', 'brother', '229')", PythonRepr.tuple(List.of("163", "brother", "229")));
    }

    @Test
    void aNameWithAnApostropheIsDoubleQuotedAndOneWithADoubleQuoteSingleQuoted() {
        // str(("Joan's Ark", 'r', 'The "Boss"'))
        assertEquals("(\"Joan's Ark\", 'r', 'The \"Boss\"')",
                PythonRepr.tuple(List.of("Joan's Ark", "r", "The \"Boss\"")));
    }

    @Test
    void bothQuotesKeepSingleQuotesAndEscapeTheApostrophe() {
        // str(('It\'s "x"', 'a\\b', 'José Müller\n')): printable letters outside ASCII stay as they are.
        assertEquals("('It\\'s \"x\"', 'a\\\\b', 'José Müller\\n')",
                PythonRepr.tuple(List.of("It's \"x\"", "a\\b", "José Müller\n")));
    }

    @Test
    void unprintableCharactersAreEscapedAsPythonDoes() {
        // str(('\xa0\u200b\ue000\x7f\x85\t', '😀', '\U000f0000\U000e0001')): a no-break space (a separator), a
        // format character, a private-use one, DEL and a C1 control are not printable to Python; the emoji is.
        assertEquals("('\\xa0\\u200b\\ue000\\x7f\\x85\\t', '\uD83D\uDE00', '\\U000f0000\\U000e0001')",
                PythonRepr.tuple(List.of("\u00a0\u200b\ue000\u007f\u0085\t", "\uD83D\uDE00",
                        new String(Character.toChars(0xF0000)) + new String(Character.toChars(0xE0001)))));
    }

    @Test
    void eachDepthIsOneLineOfTuples() {
        // '\n'.join([', '.join([str(x) for x in chain]) for sublist in chains for chain in sublist]) with
        // chains = [[[('163', 'brother', '229'), ("Joan's Ark", 'r', 'The "Boss"')]], [[('x', 'y', 'Zoë')]]]
        List<List<List<String>>> chains = List.of(
                List.of(List.of("163", "brother", "229"), List.of("Joan's Ark", "r", "The \"Boss\"")),
                List.of(List.of("x", "y", "Zoë")));
        assertEquals("('163', 'brother', '229'), (\"Joan's Ark\", 'r', 'The \"Boss\"')\n('x', 'y', 'Zoë')",
                TogPrompts.triplets(chains));
        assertEquals("", TogPrompts.triplets(List.of()));
        // A depth whose chains all scored 0 is appended as entity_prune's [], which adds no line:
        // '\n'.join(... for sublist in [[[('a', 'r', 'b')]], []] for chain in sublist) gives "('a', 'r', 'b')".
        assertEquals("('a', 'r', 'b')", TogPrompts.triplets(List.of(List.of(List.of("a", "r", "b")), List.of())));
        assertTrue(TogPrompts.enough("Who?", chains).endsWith(
                "Who?\nKnowledge Triplets: ('163', 'brother', '229'), (\"Joan's Ark\", 'r', 'The \"Boss\"')\n"
                        + "('x', 'y', 'Zoë')A: "));
        assertTrue(TogPrompts.answer("Who?", chains).endsWith(
                "Q: {}\nWho?\n\nKnowledge Triplets: ('163', 'brother', '229'), (\"Joan's Ark\", 'r', "
                        + "'The \"Boss\"')\n('x', 'y', 'Zoë')A: "));
    }
}
