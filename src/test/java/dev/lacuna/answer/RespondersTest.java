package dev.lacuna.answer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.LacunaException;
import dev.lacuna.eval.Benchmark;
import dev.lacuna.questions.LlmSettings;
import dev.lacuna.rules.AmieRules;

class RespondersTest {
    @TempDir
    Path tmp;
    Benchmark benchmark;
    Repository repo;
    RepositoryConnection connection;

    @BeforeEach
    void setUp() {
        ResponderFixture.write(tmp.resolve("store"), tmp.resolve("bench"));
        benchmark = Benchmark.load(tmp.resolve("bench"));
        repo = ResponderFixture.open(tmp.resolve("store"));
        connection = repo.getConnection();
    }

    @AfterEach
    void tearDown() {
        connection.close();
        repo.shutDown();
    }

    GraphAccess access(String graph) {
        return new GraphAccess(connection, ResponderFixture.KG, ResponderFixture.graph(graph));
    }

    @Test
    void lookupFindsDirectTriplesInBothDirections() {
        LookupResponder complete = new LookupResponder(access("complete"));
        assertEquals(List.of("11", "12", "13"), complete.answer(benchmark.question("q1")).prediction());
        assertEquals(List.of("21"), complete.answer(benchmark.question("q2")).prediction());
    }

    @Test
    void lookupCannotSeeDeletedTriples() {
        LookupResponder incomplete = new LookupResponder(access("incomplete"));
        List<String> q1 = incomplete.answer(benchmark.question("q1")).prediction();
        assertEquals(List.of("11", "13"), q1);
        assertFalse(q1.contains("12"), "the hard answer's triple is deleted");
        assertEquals(List.of(), incomplete.answer(benchmark.question("q2")).prediction());
    }

    @Test
    void rulesRecoverTheHardAnswerOnTheIncompleteGraph() {
        RulesResponder rules = new RulesResponder(access("incomplete"), AmieRules.read(tmp.resolve("bench/rules.tsv")));
        assertEquals(1, rules.rulesFor("parentOf"));
        assertEquals(List.of("11", "12", "13"), rules.answer(benchmark.question("q1")).prediction());
        assertEquals(List.of("21"), rules.answer(benchmark.question("q2")).prediction());
    }

    @Test
    void rulesWithoutARuleForTheRelationAnswerNothing() {
        RulesResponder rules = new RulesResponder(access("incomplete"), List.of());
        assertEquals(List.of(), rules.answer(benchmark.question("q1")).prediction());
    }

    @Test
    void neighbourhoodIsKHopsAndCapped() {
        List<Neighbourhood.Fact> one = new Neighbourhood(access("complete"), 1, 100).around("20");
        assertEquals(List.of(new Neighbourhood.Fact(20, "parentOf", 21), new Neighbourhood.Fact(21, "childOf", 20)), one);
        List<Neighbourhood.Fact> two = new Neighbourhood(access("complete"), 2, 100).around("11");
        // hop 1: 10 parentOf 11, 11 childOf 10; hop 2 through 10: its other children, both ways
        assertEquals(6, two.size(), two.toString());
        assertTrue(two.contains(new Neighbourhood.Fact(13, "childOf", 10)));
        assertEquals(2, new Neighbourhood(access("complete"), 1, 100).around("11").size());
        assertFalse(two.stream().anyMatch(f -> f.head() == 30), "30 is not connected");
        assertEquals(3, new Neighbourhood(access("complete"), 2, 3).around("11").size());
        assertFalse(new Neighbourhood(access("incomplete"), 1, 100).around("10").contains(
                new Neighbourhood.Fact(10, "parentOf", 12)));
    }

    @Test
    void llmAsksAnOpenAiCompatibleServerWithTheRetrievedFacts() throws Exception {
        try (FakeChatServer server = new FakeChatServer()) {
            LlmSettings settings = LlmSettings.defaults(LlmSettings.Provider.OPENAI).withBaseUrl(server.baseUrl())
                    .withModel("fake-kgqa").withRetries(0, Duration.ofMillis(10));
            LlmResponder complete = new LlmResponder(new Neighbourhood(access("complete"), 2, 200),
                    LlmResponder.chatModel(settings, true));
            Answer a = complete.answer(benchmark.question("q1"));
            assertEquals("11, 12, 13", a.rawOutput());
            assertEquals(1, server.requests.size());
            var request = server.requests.get(0);
            assertEquals("fake-kgqa", request.get("model").asText());
            assertEquals(0.0, request.get("temperature").asDouble());
            String prompt = request.at("/messages/0/content").asText();
            assertTrue(prompt.contains("10 parentOf 12\n"), prompt);
            assertTrue(prompt.contains("Topic entity: 10"), prompt);

            LlmResponder incomplete = new LlmResponder(new Neighbourhood(access("incomplete"), 2, 200),
                    LlmResponder.chatModel(settings, true));
            assertEquals("11, 13", incomplete.answer(benchmark.question("q1")).rawOutput());
            assertFalse(server.requests.get(1).at("/messages/0/content").asText().contains("10 parentOf 12\n"));
            assertEquals("unknown", incomplete.answer(benchmark.question("q2")).rawOutput());
        }
    }

    @Test
    void llmWithoutConfigurationFailsClearly() {
        LacunaException e = assertThrows(LacunaException.class,
                () -> LlmResponder.chatModel(LlmSettings.defaults(LlmSettings.Provider.OPENAI), false));
        assertTrue(e.getMessage().contains(LlmSettings.ENV_BASE_URL), e.getMessage());
    }
}
