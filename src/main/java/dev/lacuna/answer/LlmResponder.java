package dev.lacuna.answer;

import java.util.List;

import dev.langchain4j.model.chat.ChatModel;
import dev.lacuna.LacunaException;
import dev.lacuna.questions.LlmSettings;
import dev.lacuna.questions.Question;

/**
 * A retrieve-then-generate baseline in the spirit of the paper's KG-RAG systems: retrieves the topic
 * entity's k-hop neighbourhood by SPARQL, verbalises it as "head relation tail" lines with private ids,
 * and asks a chat model (any OpenAI-compatible server, through LangChain4j, temperature 0) for the answer
 * ids. The model's text is written as {@code raw_output}, so the evaluator parses it like any system's, and the facts
 * it was given as {@code retrieved}, so that evaluate can tell its retrieval failures from its reasoning failures.
 */
public final class LlmResponder implements Responder {
    private final Neighbourhood retriever;
    private final ChatModel model;

    public LlmResponder(Neighbourhood retriever, ChatModel model) {
        this.retriever = retriever;
        this.model = model;
    }

    /** An OpenAI-compatible chat model from Lacuna's LLM settings; fails clearly when none is configured. */
    public static ChatModel chatModel(LlmSettings s, boolean configured) {
        if (!configured) {
            throw new LacunaException("the llm responder needs a model: set " + LlmSettings.ENV_BASE_URL + " and "
                    + LlmSettings.ENV_MODEL + " (and " + LlmSettings.ENV_API_KEY + " if the server wants a key), "
                    + "or give --llm-base-url and --llm-model");
        }
        return s.chatModel(s.maxRetries());
    }

    @Override
    public String name() {
        return "llm";
    }

    @Override
    public Answer answer(Question q) {
        List<Neighbourhood.Fact> facts = retriever.around(q.topicEntity());
        String reply = model.chat(prompt(q, facts));
        List<List<String>> retrieved = facts.stream().map(f -> List.of(Long.toString(f.head()), f.relation(),
                Long.toString(f.tail()))).toList();
        return Answer.raw(q.id(), reply == null ? "" : reply).withRetrieved(retrieved);
    }

    /** The prompt: the facts, the question, and the required answer form. */
    public static String prompt(Question q, List<Neighbourhood.Fact> facts) {
        StringBuilder p = new StringBuilder();
        p.append("Answer a question using the facts of a knowledge graph. Entities are numeric ids.\n");
        p.append("Facts (head relation tail), one per line:\n");
        for (Neighbourhood.Fact f : facts) {
            p.append(f.verbalise()).append('\n');
        }
        p.append("\nQuestion: ").append(q.question()).append('\n');
        p.append("Topic entity: ").append(q.topicEntity()).append('\n');
        p.append("Reply with the ids of all answer entities separated by commas, and nothing else. "
                + "If no fact states the answer directly, infer it from the other facts.\n");
        return p.toString();
    }
}
