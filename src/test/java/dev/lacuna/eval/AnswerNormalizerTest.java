package dev.lacuna.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class AnswerNormalizerTest {

    @Test
    void lowerCasesAndCollapsesWhiteSpace() {
        assertEquals("barack obama", AnswerNormalizer.strict("  Barack \t OBAMA \n"));
    }

    @Test
    void dropsArticlesOnlyAsWholeWords() {
        assertEquals("united states", AnswerNormalizer.strict("The United States"));
        assertEquals("apple", AnswerNormalizer.strict("an apple"));
        assertEquals("b", AnswerNormalizer.strict("a b"));
        // "the" inside a word and "an" inside "anne" stay
        assertEquals("thebes anne", AnswerNormalizer.strict("Thebes Anne"));
    }

    @Test
    void deletesAsciiAndUnicodePunctuation() {
        assertEquals("oneil", AnswerNormalizer.strict("O'Neil"));
        assertEquals("carols", AnswerNormalizer.strict("Carol’s"));
        assertEquals("m02mjmr", AnswerNormalizer.strict("/m/02mjmr"));
        assertEquals("205", AnswerNormalizer.strict("\"205\"."));
        assertEquals("brotherof", AnswerNormalizer.strict("brother_of"));
    }

    @Test
    void removesPadTokenButRogKeepsItsLeftover() {
        assertEquals("205", AnswerNormalizer.strict("<pad> 205<pad>"));
        // RoG strips punctuation first, so its <pad> pattern never matches and "pad" remains
        assertEquals("pad 205pad", AnswerNormalizer.rog("<pad> 205<pad>"));
    }

    @Test
    void punctuationOnlyOrArticleOnlyBecomesEmpty() {
        assertEquals("", AnswerNormalizer.strict("The"));
        assertEquals("", AnswerNormalizer.strict(" , . "));
        assertEquals("", AnswerNormalizer.strict("<pad>"));
    }

    @Test
    void punctuationRemovalCanExposeAnArticle() {
        // "the." -> "the" -> removed, as in RoG (punctuation first, then articles)
        assertEquals("end", AnswerNormalizer.strict("the. end"));
    }

    @Test
    void rogKeepsUnicodePunctuation() {
        assertEquals("carol’s", AnswerNormalizer.rog("Carol’s"));
    }
}
