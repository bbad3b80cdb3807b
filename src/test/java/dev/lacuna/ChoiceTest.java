package dev.lacuna;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;

import org.junit.jupiter.api.Test;

import dev.lacuna.eval.Delimiters;
import dev.lacuna.eval.EntityForm;
import dev.lacuna.eval.OutputSource;
import dev.lacuna.eval.PredictionField;
import dev.lacuna.eval.ReportFormat;
import dev.lacuna.export.ExportFormat;
import dev.lacuna.mining.RelationChoice;
import dev.lacuna.questions.LlmSettings;
import dev.lacuna.rules.RuleFileFormat;
import dev.lacuna.rules.sparql.Side;
import dev.lacuna.grounding.GroundingSelector;
import dev.lacuna.breakage.BreakKind;
import dev.lacuna.grounding.GroundingSource;
import dev.lacuna.store.TripleFormat;
import dev.lacuna.tog.AnswerRule;
import dev.lacuna.tog.Pruning;
import dev.lacuna.view.LabelMode;
import dev.lacuna.view.Shape;

/** Every closed choice parses its own labels back, in any case, and refuses anything else with the one message. */
class ChoiceTest {
    private record Case<E extends Enum<E> & Choice>(Class<E> type, String what, Function<String, E> parse) {
    }

    private static final List<Case<?>> CASES = List.of(
            new Case<>(ExportFormat.class, "export format", ExportFormat::parse),
            new Case<>(LabelMode.class, "label mode", LabelMode::parse),
            new Case<>(Shape.class, "shape", Shape::parse),
            new Case<>(Pruning.class, "--pruning", Pruning::parse),
            new Case<>(AnswerRule.class, "--answer-rule", AnswerRule::parse),
            new Case<>(OutputSource.class, "--from", OutputSource::parse),
            new Case<>(Delimiters.class, "delimiters", Delimiters::parse),
            new Case<>(EntityForm.class, "entity form", EntityForm::parse),
            new Case<>(PredictionField.class, "field", PredictionField::parse),
            new Case<>(ReportFormat.class, "format", ReportFormat::parse),
            new Case<>(Side.class, "side", Side::parse),
            new Case<>(LlmSettings.Provider.class, "LLM provider", LlmSettings.Provider::parse),
            new Case<>(GroundingSource.class, "--groundings", GroundingSource::parse),
            new Case<>(BreakKind.class, "--break", BreakKind::parse),
            new Case<>(GroundingSelector.Mode.class, "selection", GroundingSelector.Mode::parse),
            new Case<>(TripleFormat.class, "format", TripleFormat::parse),
            new Case<>(RuleFileFormat.class, "rule file format", RuleFileFormat::parse),
            new Case<>(RelationChoice.Vocabulary.class, "--vocabulary", RelationChoice.Vocabulary::parse));

    @Test
    void labelsParseBackAndOtherWordsAreRefusedWithTheAllowedOnes() {
        for (Case<?> c : CASES) {
            check(c);
        }
    }

    private static <E extends Enum<E> & Choice> void check(Case<E> c) {
        for (E e : c.type().getEnumConstants()) {
            assertEquals(e, c.parse().apply(e.label()), c.what());
            assertEquals(e, c.parse().apply(" " + e.label().toUpperCase(Locale.ROOT) + " "), c.what());
        }
        BadInputException bad = assertThrows(BadInputException.class, () -> c.parse().apply("nonsense"), c.what());
        assertEquals("unknown " + c.what() + " 'nonsense': expected " + Choice.labels(c.type()), bad.getMessage());
        assertThrows(BadInputException.class, () -> c.parse().apply(null), c.what());
    }
}
