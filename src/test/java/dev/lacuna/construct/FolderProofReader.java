package dev.lacuna.construct;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Test support that checks a benchmark folder's proofs from its files alone (question JSON, rules.tsv and a graph's
 * TSV), with none of Lacuna's code: rules parsed from AMIE3's printed form here, groundings matched by brute force
 * over hash indexes, depth by a forward pass. A rule is a list of atoms {subject, relation, object}, the last its
 * head; a term starting with '?' is a variable, any other a constant.
 */
final class FolderProofReader {
    private static final ObjectMapper JSON = new ObjectMapper();

    final Map<String, List<String[]>> rules = new HashMap<>();

    FolderProofReader(Path folder) throws IOException {
        List<String> lines = Files.readAllLines(folder.resolve("rules.tsv"));
        for (String line : lines.subList(1, lines.size())) {
            String text = line.split("\t")[0];
            String[] sides = text.split("=>");
            List<String> terms = new ArrayList<>(List.of(sides[0].trim().split("\\s+")));
            terms.addAll(List.of(sides[1].trim().split("\\s+")));
            List<String[]> atoms = new ArrayList<>();
            for (int i = 0; i < terms.size(); i += 3) {
                atoms.add(new String[] {terms.get(i), terms.get(i + 1), terms.get(i + 2)});
            }
            rules.put(text, atoms);
        }
    }

    static List<JsonNode> questions(Path folder) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        for (String split : List.of("train", "valid", "test")) {
            for (String line : Files.readAllLines(folder.resolve("questions/" + split + ".jsonl"))) {
                out.add(JSON.readTree(line));
            }
        }
        return out;
    }

    /** A graph as a set of "s\tr\to" lines. */
    static Set<String> graph(Path tsv) throws IOException {
        return new HashSet<>(Files.readAllLines(tsv));
    }

    static String tsv(JsonNode t) {
        return t.get(0).asText() + "\t" + t.get(1).asText() + "\t" + t.get(2).asText();
    }

    /** Triples of the proof's steps' bodies that are no step's head: what must stand in the graph. */
    static Set<String> graphBody(JsonNode q) {
        Set<String> heads = new HashSet<>();
        Set<String> body = new HashSet<>();
        JsonNode steps = q.get("proof");
        if (steps == null) {
            q.at("/grounding/body").forEach(t -> body.add(tsv(t)));
            return body;
        }
        for (JsonNode step : steps) {
            heads.add(tsv(step.at("/grounding/head")));
            step.at("/grounding/body").forEach(t -> body.add(tsv(t)));
        }
        body.removeAll(heads);
        return body;
    }

    /**
     * Problems with the question's proof against {@code graph}: a step that does not instantiate its rule, a body
     * triple neither in the graph nor an earlier head, a head in the graph, a last head other than the question's.
     */
    List<String> proofProblems(JsonNode q, Set<String> graph) {
        List<String> problems = new ArrayList<>();
        String id = q.get("id").asText();
        Set<String> earlier = new HashSet<>();
        JsonNode last = null;
        for (JsonNode step : q.get("proof")) {
            List<String[]> atoms = rules.get(step.get("rule").asText());
            if (atoms == null) {
                problems.add(id + ": rule not in rules.tsv: " + step.get("rule").asText());
                continue;
            }
            JsonNode body = step.at("/grounding/body");
            last = step.at("/grounding/head");
            if (body.size() != atoms.size() - 1 || !instantiates(atoms, body, last)) {
                problems.add(id + ": a step is no grounding of " + step.get("rule").asText());
            }
            for (JsonNode t : body) {
                if (!graph.contains(tsv(t)) && !earlier.contains(tsv(t))) {
                    problems.add(id + ": body triple " + tsv(t) + " neither in the graph nor an earlier head");
                }
            }
            if (graph.contains(tsv(last))) {
                problems.add(id + ": head " + tsv(last) + " is in the graph");
            }
            earlier.add(tsv(last));
        }
        boolean topicIsHead = q.get("direction").asText().equals("head");
        String hard = (topicIsHead ? q.get("topic_entity") : q.get("hard_answer")).asText() + "\t"
                + q.get("relation").asText() + "\t"
                + (topicIsHead ? q.get("hard_answer") : q.get("topic_entity")).asText();
        if (last == null || !tsv(last).equals(hard)) {
            problems.add(id + ": the last step's head is not the question's hard triple " + hard);
        }
        return problems;
    }

    /** Whether the body triples, in some order, and the head are the rule's atoms under one substitution. */
    private static boolean instantiates(List<String[]> atoms, JsonNode body, JsonNode head) {
        return assign(atoms, body, head, 0, new boolean[body.size()], new HashMap<>());
    }

    private static boolean assign(List<String[]> atoms, JsonNode body, JsonNode head, int atom, boolean[] used,
                                  Map<String, String> sigma) {
        if (atom == atoms.size() - 1) {
            return unify(atoms.get(atom), head, new HashMap<>(sigma));
        }
        for (int i = 0; i < body.size(); i++) {
            Map<String, String> next = new HashMap<>(sigma);
            if (!used[i] && unify(atoms.get(atom), body.get(i), next)) {
                used[i] = true;
                if (assign(atoms, body, head, atom + 1, used, next)) {
                    return true;
                }
                used[i] = false;
            }
        }
        return false;
    }

    private static boolean unify(String[] atom, JsonNode triple, Map<String, String> sigma) {
        if (!atom[1].equals(triple.get(1).asText())) {
            return false;
        }
        return bind(atom[0], triple.get(0).asText(), sigma) && bind(atom[2], triple.get(2).asText(), sigma);
    }

    private static boolean bind(String term, String value, Map<String, String> sigma) {
        if (!term.startsWith("?")) {
            return term.equals(value);
        }
        String was = sigma.putIfAbsent(term, value);
        return was == null || was.equals(value);
    }

    /** The graph's facts with every rule's predictions from them added: what follows within one more step. */
    Set<String> oneStepMore(Set<String> facts) {
        Map<String, List<String[]>> byRelation = new HashMap<>();
        for (String f : facts) {
            String[] t = f.split("\t");
            byRelation.computeIfAbsent(t[1], k -> new ArrayList<>()).add(t);
        }
        Map<String, List<String[]>> bySubject = new HashMap<>();
        Map<String, List<String[]>> byObject = new HashMap<>();
        for (List<String[]> ts : byRelation.values()) {
            for (String[] t : ts) {
                bySubject.computeIfAbsent(t[1] + "\t" + t[0], k -> new ArrayList<>()).add(t);
                byObject.computeIfAbsent(t[1] + "\t" + t[2], k -> new ArrayList<>()).add(t);
            }
        }
        Set<String> out = new HashSet<>(facts);
        for (List<String[]> atoms : rules.values()) {
            String[] head = atoms.get(atoms.size() - 1);
            match(atoms, 0, new HashMap<>(), byRelation, bySubject, byObject, sigma -> out.add(
                    value(head[0], sigma) + "\t" + head[1] + "\t" + value(head[2], sigma)));
        }
        return out;
    }

    private static String value(String term, Map<String, String> sigma) {
        return term.startsWith("?") ? sigma.get(term) : term;
    }

    private static void match(List<String[]> atoms, int i, Map<String, String> sigma, Map<String, List<String[]>> byRelation,
                              Map<String, List<String[]>> bySubject, Map<String, List<String[]>> byObject,
                              java.util.function.Consumer<Map<String, String>> found) {
        if (i == atoms.size() - 1) {
            found.accept(sigma);
            return;
        }
        String[] a = atoms.get(i);
        String s = value(a[0], sigma);
        String o = value(a[2], sigma);
        List<String[]> pool = s != null ? bySubject.getOrDefault(a[1] + "\t" + s, List.of())
                : o != null ? byObject.getOrDefault(a[1] + "\t" + o, List.of()) : byRelation.getOrDefault(a[1], List.of());
        for (String[] t : pool) {
            Map<String, String> next = new HashMap<>(sigma);
            if (bind(a[0], t[0], next) && bind(a[2], t[2], next)) {
                match(atoms, i + 1, next, byRelation, bySubject, byObject, found);
            }
        }
    }
}
