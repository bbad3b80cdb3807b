package dev.lacuna.questions;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.TimeoutException;
import dev.langchain4j.exception.UnresolvedModelServerException;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;

import dev.lacuna.LacunaException;

/**
 * Questions written by an LLM with the paper's appendix D prompt ({@link QuestionPrompt}), temperature 0,
 * through LangChain4j's OpenAI client (any OpenAI-compatible server) or its Ollama client.
 *
 * <p>Per request: up to {@link LlmSettings#maxAttempts()} candidates. Each candidate's reply is cleaned
 * ({@link QuestionPrompt#clean}) and must pass {@link LeakCheck}; a rejected candidate is followed by a
 * prompt with a stricter reminder that quotes it; after the last rejected attempt the request is dropped.
 *
 * <p>Per server call: the reply cache is asked first ({@link LlmReplyCache}); a 429, 408, 5xx or timeout is
 * retried up to {@link LlmSettings#maxRetries()} times with exponential backoff (initial backoff, doubling,
 * capped at 30 s). LangChain4j's own retries are off so that these rules are the only ones. An unreachable
 * server, a rejected key or an unknown model fails the whole batch at once with a {@link LacunaException}
 * that says what to fix and suggests {@code --questions template}.
 *
 * <p>Up to {@link LlmSettings#concurrency()} requests run at once; results come back in request order.
 */
public final class LlmQuestionGenerator implements QuestionGenerator {
    private static final Logger LOG = LoggerFactory.getLogger(LlmQuestionGenerator.class);
    private static final Duration MAX_BACKOFF = Duration.ofSeconds(30);
    private static final String TEMPLATE_HINT = "; or use the offline generator with --questions template";

    private final LlmSettings settings;
    private final ChatModel model;
    private final LlmReplyCache cache;

    private LlmQuestionGenerator(LlmSettings settings, ChatModel model) {
        this.settings = settings;
        this.model = model;
        this.cache = settings.cacheDir() == null ? null : new LlmReplyCache(settings.cacheDir());
    }

    /** Builds the LangChain4j client for the settings' provider. No request is sent yet. */
    public static LlmQuestionGenerator create(LlmSettings settings) {
        return new LlmQuestionGenerator(settings, chatModel(settings));
    }

    static ChatModel chatModel(LlmSettings s) {
        if (s.provider() == LlmSettings.Provider.OPENAI && s.apiKey() == null && s.baseUrl().contains("api.openai.com")) {
            throw new LacunaException("the OpenAI API needs a key: set " + LlmSettings.ENV_API_KEY
                    + " (or point " + LlmSettings.ENV_BASE_URL + " at a local OpenAI-compatible server)"
                    + TEMPLATE_HINT);
        }
        // Retries are this generator's own (with backoff and counting), so the client makes none.
        return s.chatModel(0);
    }

    public LlmSettings settings() {
        return settings;
    }

    @Override
    public GeneratorKind kind() {
        return GeneratorKind.LLM;
    }

    @Override
    public GenerationBatch generate(List<QuestionRequest> requests, IntConsumer progress) {
        Counters counters = new Counters();
        List<QuestionResult> results = new ArrayList<>(requests.size());
        if (requests.isEmpty()) {
            return new GenerationBatch(results, GenerationStats.of(results, 0, 0, 0));
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(settings.concurrency(), requests.size()),
                daemonThreads());
        try {
            List<Future<QuestionResult>> futures = new ArrayList<>(requests.size());
            AtomicInteger done = new AtomicInteger();
            for (QuestionRequest request : requests) {
                futures.add(pool.submit(() -> {
                    QuestionResult result = generateOne(request, counters);
                    synchronized (done) {
                        // Under the lock so that a progress bar never sees the count go backwards.
                        progress.accept(done.incrementAndGet());
                    }
                    return result;
                }));
            }
            for (Future<QuestionResult> future : futures) {
                results.add(await(future));
            }
        } finally {
            pool.shutdownNow();
        }
        GenerationStats stats = GenerationStats.of(results, counters.cacheHits.get(), counters.serverCalls.get(),
                counters.retries.get());
        LOG.info("LLM questions: {} requested, {} accepted ({} regenerated), {} dropped; {} from cache, {} server calls,"
                        + " {} retries", stats.requests(), stats.accepted(), stats.regenerated(), stats.dropped(),
                stats.cacheHits(), stats.serverCalls(), stats.retries());
        return new GenerationBatch(results, stats);
    }

    private static QuestionResult await(Future<QuestionResult> future) {
        try {
            return future.get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException) {
                throw (RuntimeException) cause;
            }
            throw new LacunaException("question generation failed: " + cause, cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LacunaException("interrupted while generating questions", e);
        }
    }

    private QuestionResult generateOne(QuestionRequest request, Counters counters) {
        List<String> rejections = new ArrayList<>();
        String rejected = null;
        String reason = null;
        for (int attempt = 1; attempt <= settings.maxAttempts(); attempt++) {
            String prompt = attempt == 1 ? QuestionPrompt.fill(request)
                    : QuestionPrompt.retry(request, rejected, reason);
            String question = QuestionPrompt.clean(reply(prompt, counters));
            Optional<String> problem = LeakCheck.problem(question, request);
            if (problem.isEmpty()) {
                return QuestionResult.accepted(question, attempt, rejections);
            }
            rejected = question;
            reason = problem.get();
            rejections.add(reason + ": " + question);
            LOG.debug("rejected question for {} {} {}: {}", request.head(), request.relation(), request.tail(),
                    rejections.get(rejections.size() - 1));
        }
        return QuestionResult.dropped(settings.maxAttempts(), rejections);
    }

    /** The model's reply to a prompt: from the cache, else from the server (with retries), then cached. */
    private String reply(String prompt, Counters counters) {
        if (cache != null) {
            Optional<String> cached = cache.get(settings.model(), prompt);
            if (cached.isPresent()) {
                counters.cacheHits.incrementAndGet();
                return cached.get();
            }
        }
        String reply = callWithRetries(prompt, counters);
        if (cache != null) {
            cache.put(settings.model(), prompt, reply);
        }
        return reply;
    }

    private String callWithRetries(String prompt, Counters counters) {
        Duration backoff = settings.initialBackoff();
        for (int retry = 0; ; retry++) {
            RuntimeException failure;
            try {
                counters.serverCalls.incrementAndGet();
                ChatResponse response = model.chat(ChatRequest.builder().messages(UserMessage.from(prompt)).build());
                String text = response.aiMessage() == null ? null : response.aiMessage().text();
                return text == null ? "" : text;
            } catch (RuntimeException e) {
                failure = e;
            }
            Kind kind = classify(failure);
            if (kind != Kind.RETRIABLE) {
                throw fatal(kind, failure);
            }
            if (retry >= settings.maxRetries()) {
                throw new LacunaException("the LLM server at " + settings.baseUrl() + " kept failing ("
                        + describe(failure) + ") after " + (retry + 1) + " tries; check the server or raise the "
                        + "timeout" + TEMPLATE_HINT, failure);
            }
            counters.retries.incrementAndGet();
            LOG.info("LLM request failed ({}); retry {} of {} in {} ms", describe(failure), retry + 1,
                    settings.maxRetries(), backoff.toMillis());
            sleep(backoff);
            backoff = backoff.multipliedBy(2).compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : backoff.multipliedBy(2);
        }
    }

    enum Kind { RETRIABLE, UNREACHABLE, AUTH, NOT_FOUND, OTHER }

    /** Sorts a failure by its cause chain: HTTP status first, then timeouts, then connection failures. */
    static Kind classify(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof HttpException) {
                int status = ((HttpException) t).statusCode();
                if (status == 429 || status == 408 || status >= 500) {
                    return Kind.RETRIABLE;
                }
                if (status == 401 || status == 403) {
                    return Kind.AUTH;
                }
                return status == 404 ? Kind.NOT_FOUND : Kind.OTHER;
            }
        }
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof TimeoutException || t instanceof HttpTimeoutException
                    || t instanceof SocketTimeoutException || t instanceof java.util.concurrent.TimeoutException) {
                return Kind.RETRIABLE;
            }
            if (t instanceof ConnectException || t instanceof UnknownHostException
                    || t instanceof UnresolvedAddressException || t instanceof NoRouteToHostException
                    || t instanceof UnresolvedModelServerException) {
                return Kind.UNREACHABLE;
            }
        }
        return Kind.OTHER;
    }

    private LacunaException fatal(Kind kind, RuntimeException failure) {
        String where = settings.provider().label() + " server at "
                + settings.baseUrl();
        switch (kind) {
            case UNREACHABLE:
                return new LacunaException("cannot reach the LLM " + where + " (" + describe(failure) + "); start it or"
                        + " set " + LlmSettings.ENV_BASE_URL + TEMPLATE_HINT, failure);
            case AUTH:
                return new LacunaException("the LLM " + where + " refused the API key (" + describe(failure)
                        + "); set " + LlmSettings.ENV_API_KEY + TEMPLATE_HINT, failure);
            case NOT_FOUND:
                return new LacunaException("the LLM " + where + " does not know model \"" + settings.model()
                        + "\" or the URL is wrong (" + describe(failure) + "); set " + LlmSettings.ENV_MODEL + " or "
                        + LlmSettings.ENV_BASE_URL + TEMPLATE_HINT, failure);
            default:
                return new LacunaException("the LLM " + where + " failed: " + describe(failure) + TEMPLATE_HINT,
                        failure);
        }
    }

    /** The most telling message in a failure's cause chain, short. */
    private static String describe(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof HttpException) {
                String body = t.getMessage() == null ? "" : t.getMessage().strip();
                if (body.length() > 200) {
                    body = body.substring(0, 200) + "...";
                }
                return "HTTP " + ((HttpException) t).statusCode() + (body.isEmpty() ? "" : ": " + body);
            }
        }
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage();
        return root.getClass().getSimpleName() + (message == null || message.isBlank() ? "" : ": " + message);
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LacunaException("interrupted while waiting to retry an LLM request", e);
        }
    }

    private static ThreadFactory daemonThreads() {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, "lacuna-llm-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    private static final class Counters {
        final AtomicInteger cacheHits = new AtomicInteger();
        final AtomicInteger serverCalls = new AtomicInteger();
        final AtomicInteger retries = new AtomicInteger();
    }
}
