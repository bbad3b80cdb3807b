package dev.lacuna.verify;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.repository.RepositoryConnection;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;

import dev.lacuna.BadInputException;
import dev.lacuna.Json;
import dev.lacuna.LacunaException;
import dev.lacuna.folder.BenchmarkFolder;
import dev.lacuna.folder.OutputFolder;
import dev.lacuna.folder.Summary;
import dev.lacuna.grounding.Triple;
import dev.lacuna.questions.GiveAway;
import dev.lacuna.questions.Question;
import dev.lacuna.questions.QuestionFiles;
import dev.lacuna.questions.SplitName;
import dev.lacuna.questions.Splitter;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.Rule;
import dev.lacuna.rules.RuleGraph;
import dev.lacuna.rules.RuleType;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.LacunaVocab;

/**
 * The checks of {@code verify} for what {@link FolderChecks}' file comparison does not cover: each question's
 * fields against the record the store's benchmark graph keeps of it (its text above all, which no other file
 * holds, and its rule type, which evaluate groups by), each question line, summary.json, graphs.json and
 * kg/removed.tsv byte for byte as build writes them, the counts of summary.json that only the build saw held to
 * the sums they must make, and no field or file that build does not write.
 */
final class RecordChecks {
    /**
     * The fields a question line may have: the JSON names of {@link Question}'s components, so that a field
     * added to the record is known here without another list to keep in step.
     */
    static final Set<String> QUESTION_FIELDS = questionFields();

    private RecordChecks() {
    }

    /** graphs.json, summary.json and removed.tsv byte for byte as build writes them from the store's records. */
    static List<Verifier.Check> filesBuildWrites(BenchmarkFolder folder, StoredRecords stored) {
        try {
            return List.of(compare(folder, folder.graphsFile(), BenchmarkFolder.graphsJson(folder.summary().kgGraphs())),
                    compare(folder, folder.summaryFile(), Json.pretty().writeValueAsString(folder.summary()) + "\n"),
                    compare(folder, folder.removedFile(), removedTsv(stored.removed())));
        } catch (IOException e) {
            throw new LacunaException("verify: cannot write the expected files: " + e.getMessage(), e);
        }
    }

    /** What the benchmark graph records of questions and selected groundings, read property by property. */
    record StoredRecords(Map<String, Map<IRI, List<Value>>> questions, Set<String> groundings,
                         Set<String> ruleHeads, Set<Triple> removed) {
        private static final List<IRI> NEEDED = List.of(LacunaVocab.QUESTION_ID, LacunaVocab.QUESTION_TEXT,
                LacunaVocab.TOPIC_ENTITY, LacunaVocab.RELATION, LacunaVocab.DIRECTION, LacunaVocab.ANSWER,
                LacunaVocab.HARD_ANSWER, LacunaVocab.SPLIT, LacunaVocab.OF_RULE, LacunaVocab.SELECTED,
                LacunaVocab.HEAD_TRIPLE, LacunaVocab.BODY_TRIPLE, LacunaVocab.SUBJECT, LacunaVocab.PREDICATE,
                LacunaVocab.OBJECT, LacunaVocab.REMOVED);

        /**
         * Per self-loop head r(e, e) of a selected grounding, how many rules select it: each such (rule, head) pair is
         * a candidate the build never asks.
         */
        Map<String, Integer> selfLoops() {
            Map<String, Integer> perTriple = new HashMap<>();
            for (String ruleHead : ruleHeads) {
                String[] t = ruleHead.substring(ruleHead.indexOf(' ') + 1).split("\t");
                if (t.length == 3 && t[0].equals(t[2])) {
                    perTriple.merge(t[0] + "\t" + t[1], 1, Integer::sum);
                }
            }
            return perTriple;
        }

        static StoredRecords read(RepositoryConnection conn, KgGraphs kg) {
            Map<Resource, Map<IRI, List<Value>>> nodes = new HashMap<>();
            // One lookup per needed property (the predicate-first index) rather than a scan of the whole graph: the
            // rules' measures and atoms are most of it (at FB15k-237, 1.35M statements), and a scan resolved each
            // one's predicate to compare it. A subject's values of one property come in object order either way.
            for (IRI property : NEEDED) {
                try (var it = conn.getStatements(null, property, null, false, kg.benchmark())) {
                    for (Statement st : it) {
                        nodes.computeIfAbsent(st.getSubject(), s -> new HashMap<>())
                                .computeIfAbsent(property, p -> new ArrayList<>()).add(st.getObject());
                    }
                }
            }
            Map<String, Map<IRI, List<Value>>> questions = new HashMap<>();
            Set<String> groundings = new HashSet<>();
            Set<String> ruleHeads = new HashSet<>();
            Set<Triple> removed = new HashSet<>();
            for (Map.Entry<Resource, Map<IRI, List<Value>>> entry : nodes.entrySet()) {
                Map<IRI, List<Value>> node = entry.getValue();
                Value id = first(node, LacunaVocab.QUESTION_ID);
                if (id != null) {
                    questions.put(id.stringValue(), node);
                }
                if (first(node, LacunaVocab.SELECTED) != null) {
                    Triple head = triple(kg, nodes, first(node, LacunaVocab.HEAD_TRIPLE));
                    Set<String> body = new TreeSet<>();
                    for (Value b : node.getOrDefault(LacunaVocab.BODY_TRIPLE, List.of())) {
                        Triple t = triple(kg, nodes, b);
                        body.add(t == null ? "?" : t.tsv());
                    }
                    Value rule = first(node, LacunaVocab.OF_RULE);
                    String head1 = head == null ? "?" : head.tsv();
                    groundings.add(rule + " " + head1 + " " + body);
                    ruleHeads.add(rule + " " + head1);
                }
                if (first(node, LacunaVocab.REMOVED) != null) {
                    Triple t = triple(kg, nodes, entry.getKey());
                    if (t != null) {
                        removed.add(t);
                    }
                }
            }
            return new StoredRecords(questions, groundings, ruleHeads, removed);
        }

        private static Triple triple(KgGraphs kg, Map<Resource, Map<IRI, List<Value>>> nodes, Value ref) {
            Map<IRI, List<Value>> node = ref instanceof Resource r ? nodes.get(r) : null;
            if (node == null) {
                return null;
            }
            Value s = first(node, LacunaVocab.SUBJECT);
            Value p = first(node, LacunaVocab.PREDICATE);
            Value o = first(node, LacunaVocab.OBJECT);
            if (!(s instanceof IRI si && p instanceof IRI pi && o instanceof IRI oi)) {
                return null;
            }
            try {
                return new Triple(kg.privateId(si), kg.relationName(pi), kg.privateId(oi));
            } catch (RuntimeException e) {
                return null;
            }
        }
    }

    private static Value first(Map<IRI, List<Value>> node, IRI property) {
        List<Value> values = node.get(property);
        return values == null || values.isEmpty() ? null : values.get(0);
    }

    /** Each question's fields against the store's record of it; its rule type against its rule; its grounding selected. */
    static Verifier.Check questionsMatchRecords(KgGraphs kg, Splitter.Split split, StoredRecords stored) {
        List<String> failures = new ArrayList<>();
        long checked = 0;
        for (SplitName part : SplitName.values()) {
            List<Question> questions = split.part(part);
            for (int i = 0; i < questions.size(); i++) {
                Question q = questions.get(i);
                Map<IRI, List<Value>> record = stored.questions().get(q.id());
                if (record == null) {
                    continue; // named by FolderChecks.questionsMatchStore
                }
                checked++;
                String where = QuestionFiles.FOLDER + "/" + part.label() + ".jsonl:" + (i + 1) + ": " + q.id() + ": ";
                same(failures, where, "question", q.question(), literal(record, LacunaVocab.QUESTION_TEXT));
                same(failures, where, "topic_entity", q.topicEntity(), entity(kg, record, LacunaVocab.TOPIC_ENTITY));
                Value relation = first(record, LacunaVocab.RELATION);
                same(failures, where, "relation", q.relation(),
                        relation instanceof IRI r ? kg.relationName(r) : null);
                same(failures, where, "direction", q.direction(), literal(record, LacunaVocab.DIRECTION));
                same(failures, where, "hard_answer", q.hardAnswer(), entity(kg, record, LacunaVocab.HARD_ANSWER));
                same(failures, where, "split", q.split() == null ? part.label() : q.split(),
                        literal(record, LacunaVocab.SPLIT));
                Set<String> answers = new TreeSet<>();
                for (Value a : record.getOrDefault(LacunaVocab.ANSWER, List.of())) {
                    answers.add(a instanceof IRI iri ? Long.toString(kg.privateId(iri)) : a.stringValue());
                }
                same(failures, where, "answers", String.valueOf(q.answers() == null ? null : new TreeSet<>(q.answers())),
                        String.valueOf(answers));
                Rule rule;
                try {
                    rule = AmieRules.parseRule(q.rule(), "question " + q.id(), -1);
                } catch (BadInputException | NullPointerException e) {
                    failures.add(where + "rule '" + q.rule() + "' is not a rule");
                    continue;
                }
                Value storedRule = first(record, LacunaVocab.OF_RULE);
                IRI ruleIri = RuleGraph.ruleIri(kg, rule);
                if (!ruleIri.equals(storedRule)) {
                    failures.add(where + "rule '" + q.rule() + "' is not the rule the store recorded for the question");
                }
                String type = RuleType.of(rule).label();
                if (!type.equals(q.ruleType())) {
                    failures.add(where + "rule_type '" + q.ruleType() + "', its rule is of type '" + type + "'");
                }
                // A deeper question's grounding is the last step of its proof, which ProofCheck holds step by step.
                if (q.proof() == null && q.grounding() != null && q.grounding().body() != null
                        && q.grounding().head() != null) {
                    Set<String> body = new TreeSet<>();
                    q.grounding().body().forEach(b -> body.add(String.join("\t", b)));
                    String key = ruleIri + " " + String.join("\t", q.grounding().head()) + " " + body;
                    if (!stored.groundings().contains(key)) {
                        failures.add(where + "grounding " + q.grounding().body() + " => " + q.grounding().head()
                                + " is not a grounding of its rule that the build selected");
                    }
                }
            }
        }
        return new Verifier.Check("questions match the store's records (text, rule type, ...)", checked, failures);
    }

    private static void same(List<String> failures, String where, String field, String inFile, String stored) {
        if (!Objects.equals(inFile, stored)) {
            failures.add(where + field + " '" + inFile + "', the store recorded '" + stored + "'");
        }
    }

    private static String literal(Map<IRI, List<Value>> record, IRI property) {
        Value v = first(record, property);
        return v == null ? null : v.stringValue();
    }

    private static String entity(KgGraphs kg, Map<IRI, List<Value>> record, IRI property) {
        Value v = first(record, property);
        return v instanceof IRI iri ? Long.toString(kg.privateId(iri)) : v == null ? null : v.stringValue();
    }

    /**
     * Each question line as build writes it (its fields in their order, nothing else, LF-ended), and no field
     * that build does not write: an unknown field is named, as readers ignore it silently.
     */
    static Verifier.Check questionLines(BenchmarkFolder folder) {
        List<String> failures = new ArrayList<>();
        long checked = 0;
        for (SplitName part : SplitName.values()) {
            Path file = folder.questionsFile(part);
            String name = QuestionFiles.FOLDER + "/" + part.label() + ".jsonl";
            List<Question> questions = QuestionFiles.readJsonl(file);
            StringBuilder expected = new StringBuilder();
            try {
                // Build writes each part sorted by id (Splitter): the order of the lines is held too.
                for (Question q : questions.stream().sorted(Comparator.comparing(Question::id)).toList()) {
                    expected.append(QuestionFiles.line(q));
                }
                List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
                for (int i = 0; i < lines.size(); i++) {
                    if (lines.get(i).isBlank()) {
                        continue;
                    }
                    checked++;
                    JsonNode node = Json.mapper().readTree(lines.get(i));
                    Set<String> unknown = new LinkedHashSet<>();
                    node.fieldNames().forEachRemaining(f -> {
                        if (!QUESTION_FIELDS.contains(f)) {
                            unknown.add(f);
                        }
                    });
                    for (String f : unknown) {
                        failures.add(name + ":" + (i + 1) + ": " + node.path("id").asText() + ": unknown field \"" + f
                                + "\" (" + shorten(node.get(f).toString()) + "); lacuna build writes no such field");
                    }
                }
                Verifier.Check bytes = compare(folder, file, expected.toString());
                failures.addAll(bytes.failures());
            } catch (IOException e) {
                failures.add(name + ": cannot read: " + e.getMessage());
            }
        }
        return new Verifier.Check("question lines as build writes them, no unknown fields", checked, failures);
    }

    /** Nothing in the folder but the files of its layout ({@link BenchmarkFolder#files}) and their folders. */
    static Verifier.Check onlyKnownFiles(BenchmarkFolder folder) {
        Path dir = folder.dir();
        Set<Path> known = new HashSet<>();
        Set<Path> knownFolders = new HashSet<>();
        for (Path f : folder.files()) {
            Path relative = dir.relativize(f);
            known.add(relative);
            for (Path p = relative.getParent(); p != null; p = p.getParent()) {
                knownFolders.add(p);
            }
        }
        List<String> failures = new ArrayList<>();
        long checked = 0;
        try (Stream<Path> entries = Files.walk(dir)) {
            for (Path p : entries.sorted().toList()) {
                Path relative = dir.relativize(p);
                if (relative.toString().isEmpty()) {
                    continue;
                }
                checked++;
                boolean isFolder = Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS);
                boolean fine = isFolder ? knownFolders.contains(relative)
                        : known.contains(relative) && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS);
                if (!fine && (relative.getParent() == null || knownFolders.contains(relative.getParent()))) {
                    failures.add("unknown " + (isFolder ? "folder " : Files.isSymbolicLink(p) ? "symbolic link " : "file ")
                            + relative.toString().replace('\\', '/') + ": lacuna build writes no such "
                            + (isFolder ? "folder" : "file") + " here");
                }
            }
        } catch (IOException e) {
            failures.add(dir + ": cannot list: " + e.getMessage());
        }
        return new Verifier.Check("folder holds only the files build writes", checked, failures);
    }

    /**
     * The counts of summary.json that only the build saw cannot be recounted, but they must add up: every sampled
     * grounding was selected or skipped for one reason; every question candidate (one per rule and deleted triple,
     * counted from the store's selected groundings) was dropped by the leak check, merged into a duplicate or kept
     * until balancing; balancing removed the rest of those the files do not hold.
     */
    static Verifier.Check buildCounts(Summary s, StoredRecords stored) {
        List<String> failures = new ArrayList<>();
        Summary.Groundings g = s.groundings();
        Summary.Questions q = s.questions();
        if (g == null || q == null) {
            failures.add("summary.json: " + (g == null ? "groundings" : "questions") + " is missing");
            return new Verifier.Check("summary.json counts only the build saw add up", 0, failures);
        }
        String selection = s.parameters() == null ? null : s.parameters().get("selection");
        sum(failures, "groundings.candidates", g.candidates(), "groundings.selected", g.selected(),
                "groundings.skipped_head_is_body_of_selected", g.headIsBodyOfSelected(),
                "groundings.skipped_body_uses_deleted_head", g.bodyUsesDeletedHead(),
                "groundings.skipped_head_in_own_body", g.headInOwnBody());
        // With --depth a grounding whose body triple a deeper proof removes is skipped before the selection runs.
        if ("filter".equals(selection) && s.depths() == null && !Long.valueOf(0).equals(g.bodyUsesDeletedHead())) {
            failures.add("summary.json groundings.skipped_body_uses_deleted_head is " + g.bodyUsesDeletedHead()
                    + ", the filter selection never skips for that reason");
        }
        // A candidate whose hard answer is its topic (a self-loop head) is never made; one that names its answer by
        // label is made and left out. give_away counts a self-loop once per topic, relation, direction and hard
        // answer, as merging would, so where several rules select one self-loop it counts fewer than the candidates
        // not made: one or two per self-loop (the direction is drawn per candidate). With build --depth the counts
        // of give_away are summed over all depths, so for depth 1 they are bounds rather than exact terms.
        Map<String, Long> giveAway = s.giveAway() == null ? Map.of() : s.giveAway();
        long isTopic = giveAway.getOrDefault(GiveAway.Reason.ANSWER_IS_TOPIC.key(), 0L);
        long byLabel = giveAway.values().stream().mapToLong(Long::longValue).sum() - isTopic;
        boolean exact = s.depths() == null;
        long heads = stored.ruleHeads().size();
        Map<String, Integer> selfLoops = stored.selfLoops();
        long notMade = selfLoops.values().stream().mapToLong(Integer::longValue).sum();
        if (q.candidates() == null || (exact ? heads - notMade != q.candidates()
                : q.candidates() > heads || q.candidates() < heads - notMade)) {
            failures.add("summary.json questions.candidates is " + q.candidates() + ", the store's selected groundings"
                    + " give " + heads + " (one per rule and deleted triple) less " + notMade
                    + " whose hard answer is the topic");
        }
        long fewest = selfLoops.size();
        long most = selfLoops.values().stream().mapToLong(n -> Math.min(2, n)).sum();
        if (exact && (isTopic < fewest || isTopic > most)) {
            failures.add("summary.json give_away." + GiveAway.Reason.ANSWER_IS_TOPIC.key() + " is " + isTopic
                    + ", the store's selected groundings have " + fewest + " self-loop heads, so between " + fewest
                    + " and " + most);
        }
        // The candidates left out by label are counted once per question text (topic, relation, direction, hard
        // answer), and several rules can make one text, so they are at least give_away's count by label, and none
        // when that count is 0. With build --depth that count also holds deeper rungs, so only the second holds.
        if (q.droppedByLeakCheck() == null || q.duplicatesMerged() == null || q.beforeBalancing() == null) {
            failures.add("summary.json questions: dropped_by_leak_check, duplicates_merged or before_balancing is missing");
        } else if (q.candidates() != null) {
            long byLabelCandidates = q.candidates() - q.droppedByLeakCheck() - q.duplicatesMerged() - q.beforeBalancing();
            if (byLabelCandidates < (exact ? byLabel : 0) || byLabel == 0 && byLabelCandidates != 0) {
                failures.add("summary.json questions.candidates is " + q.candidates() + ", less questions.dropped_by_leak_check ("
                        + q.droppedByLeakCheck() + "), questions.duplicates_merged (" + q.duplicatesMerged()
                        + ") and questions.before_balancing ("
                        + q.beforeBalancing() + ") leaves " + byLabelCandidates + " left out by label, against give_away's "
                        + byLabel + ": one of them was edited");
            }
        }
        if (s.depths() == null) {
            sum(failures, "questions.before_balancing", q.beforeBalancing(), "questions.removed_by_balancing",
                    q.removedByBalancing(), "questions.total", q.total());
        } else {
            // build --depth balances the questions of all depths together: depth 1's before_balancing is the one
            // above, and each deeper rung records its own.
            long deep = 0;
            for (Map.Entry<String, Summary.Depth> d : s.depths().entrySet()) {
                Long before = d.getValue().beforeBalancing();
                if (!d.getKey().equals("1")) {
                    deep += before == null ? 0 : before;
                } else if (!Objects.equals(before, q.beforeBalancing())) {
                    failures.add("summary.json depths.1.before_balancing is " + before + ", questions.before_balancing is "
                            + q.beforeBalancing() + ": one of them was edited");
                }
            }
            if (q.beforeBalancing() == null || q.removedByBalancing() == null || q.total() == null
                    || q.beforeBalancing() + deep != q.removedByBalancing() + q.total()) {
                failures.add("summary.json questions.before_balancing (" + q.beforeBalancing() + ") and the deeper depths'"
                        + " before_balancing (" + deep + ") make " + (q.beforeBalancing() == null ? "?" : q.beforeBalancing()
                        + deep) + ", but questions.removed_by_balancing (" + q.removedByBalancing() + ") + questions.total ("
                        + q.total() + ") make another number: one of them was edited");
            }
        }
        if (q.regenerated() == null || q.regenerated() < 0 || q.candidates() != null && q.droppedByLeakCheck() != null
                && q.regenerated() > q.candidates() - q.droppedByLeakCheck()) {
            failures.add("summary.json questions.regenerated is " + q.regenerated()
                    + ", more than the questions the leak check let through (or missing)");
        }
        return new Verifier.Check("summary.json counts only the build saw add up", 5, failures);
    }

    /** {@code whole} must be the sum of the named parts, each present and not negative. */
    private static void sum(List<String> failures, String whole, Long total, Object... parts) {
        long sum = 0;
        StringBuilder names = new StringBuilder();
        for (int i = 0; i < parts.length; i += 2) {
            Long v = (Long) parts[i + 1];
            if (v == null || v < 0) {
                failures.add("summary.json " + parts[i] + " is " + (v == null ? "missing" : v));
                return;
            }
            sum += v;
            names.append(i == 0 ? "" : " + ").append(parts[i]).append(" (").append(v).append(')');
        }
        if (total == null || total != sum) {
            failures.add("summary.json " + whole + " is " + total + ", but " + names + " make " + sum
                    + ": one of them was edited");
        }
    }

    /**
     * After other checks failed: whether a build into the folder stopped between its commit and the rename of its
     * finished folder into place (the one window a kill leaves open; docs/explanation/store-safety.md), and how to repair it.
     * Null when no such folder is left.
     */
    static String interruptedRename(Path dir) {
        List<Path> left = OutputFolder.leftovers(dir);
        if (left.isEmpty()) {
            return null;
        }
        return left.get(0) + " is the finished folder of a build into " + dir + " that stopped before renaming it into"
                + " place; if that build was killed after its commit, the store holds its graphs and not this folder's:"
                + " repair it by running that lacuna build --force again with the same options (it writes " + dir
                + " again and removes the leftover)";
    }

    private static String removedTsv(Set<Triple> removed) {
        StringBuilder out = new StringBuilder();
        removed.stream().sorted().forEach(t -> out.append(t.tsv()).append('\n'));
        return out.toString();
    }

    private static Verifier.Check compare(BenchmarkFolder folder, Path file, String expected) throws IOException {
        String name = folder.dir().relativize(file).toString().replace('\\', '/');
        FileComparison comparison = new FileComparison(name, file);
        try (Writer w = comparison) {
            w.write(expected);
        }
        return comparison.check();
    }

    private static Set<String> questionFields() {
        Set<String> fields = new LinkedHashSet<>();
        for (var component : Question.class.getRecordComponents()) {
            JsonProperty p = component.getAccessor().getAnnotation(JsonProperty.class);
            if (p == null) {
                p = component.getAnnotation(JsonProperty.class);
            }
            fields.add(p != null ? p.value() : component.getName());
        }
        return Set.copyOf(fields);
    }

    private static String shorten(String s) {
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }
}
