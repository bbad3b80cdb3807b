package dev.lacuna.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;

import org.junit.jupiter.api.Test;

/** RoG-shaped relation paths of Lacuna's rules: the body walked from the topic's variable to the answer's. */
class RulePathsTest {
    @Test
    void chainsAreWalkedFromTheTopicSide() {
        String rule = "?a  aunt  ?c  ?b  brother  ?c   => ?a  aunt  ?b";
        assertEquals(List.of("aunt", "brother"), RogExport.RulePaths.path(rule, true));
        assertEquals(List.of("brother", "aunt"), RogExport.RulePaths.path(rule, false));
        assertEquals(List.of("husband"), RogExport.RulePaths.path("?b  husband  ?a   => ?a  wife  ?b", true));
    }

    @Test
    void bodiesThatAreNotAChainHaveNoPath() {
        assertNull(RogExport.RulePaths.path("?a  r  ?c  ?d  s  ?e   => ?a  t  ?b", true), "dangling atoms");
        // A constant answer is reached by a path; a constant topic is no variable to start from.
        assertEquals(List.of("r"), RogExport.RulePaths.path("?a  r  Q42   => ?a  t  Q42", true));
        assertNull(RogExport.RulePaths.path("?a  r  Q42   => ?a  t  Q42", false), "a constant topic");
        assertNull(RogExport.RulePaths.path("not a rule", true));
    }
}
