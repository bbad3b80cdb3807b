package dev.lacuna.answer;

import dev.lacuna.questions.Question;

/**
 * A reference KG-RAG system: answers one benchmark question from one graph of the store. Implementations
 * query the store only through SPARQL, as an outside system would through Lacuna's endpoint.
 */
public interface Responder {

    /** The name used on the command line and in reports: lookup, rules, llm. */
    String name();

    /** The system's answer to one question. */
    Answer answer(Question question);
}
