package dev.lacuna.tog;

import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;

/**
 * ToG's {@code run_llm}: its system message, the prompt as the user's, at ToG's temperatures (0.4 while exploring,
 * 0 while reasoning), at most 256 tokens. ToG also sends frequency and presence penalties of 0, the OpenAI API's
 * defaults; they are left unsent, because Ollama's client refuses parameters its server does not take.
 */
final class TogChat {
    static final double EXPLORATION = 0.4;
    static final double REASONING = 0.0;
    static final int MAX_TOKENS = 256;

    private final ChatModel model;

    TogChat(ChatModel model) {
        this.model = model;
    }

    String ask(String step, String prompt, double temperature, QuestionTrace trace) {
        ChatRequest request = ChatRequest.builder()
                .messages(SystemMessage.from(TogPrompts.SYSTEM), UserMessage.from(prompt))
                .temperature(temperature).maxOutputTokens(MAX_TOKENS).build();
        ChatResponse response = model.chat(request);
        String reply = response.aiMessage() == null || response.aiMessage().text() == null ? ""
                : response.aiMessage().text();
        trace.exchange(step, prompt, reply);
        return reply;
    }
}
