package dev.lacuna;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Messages show the input's control characters escaped, and quote a bounded part of it. */
class MessagesTest {
    @Test
    void controlCharactersAreEscapedAndTextIsKept() {
        assertEquals("a\\e]0;x\\u0007 b\\r\\u202E c\nd\te \uD83D\uDE00",
                Messages.printable("a\u001B]0;x\u0007 b\r\u202E c\nd\te \uD83D\uDE00"));
        assertEquals("lone \\uD800 surrogate", Messages.printable("lone \uD800 surrogate"));
        // a warning is printed through the same escape
        assertEquals("warning: relation 'r\\e[2J' is odd", Warnings.line("relation '{}' is odd", "r\u001B[2J"));
    }

    @Test
    void anEchoAndAMessageAreBounded() {
        String echo = Messages.echo("x".repeat(1_000_000));
        assertTrue(echo.length() < Messages.MAX_ECHO_CHARS + 40, echo);
        assertTrue(echo.endsWith("... (999,800 more characters)"), echo);
        assertEquals("short", Messages.echo("short"));
        String message = Messages.printable("start " + "y".repeat(100_000) + " end");
        assertTrue(message.length() < Messages.MAX_MESSAGE_CHARS + 100, "" + message.length());
        assertTrue(message.startsWith("start ") && message.endsWith(" end") && message.contains("characters left out"));
    }
}
