package dev.lacuna.export;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.lacuna.folder.CheckedFolder;
import dev.lacuna.questions.Question;
import dev.lacuna.questions.SplitName;
import dev.lacuna.rules.sparql.Side;

/**
 * What the system under test will see of each test question's hard answer, counted on the exported files: whether the
 * question's own triple is in its graph, whether the hard answer is one hop from the topic anyway (through another
 * relation, such as {@code niece} for an {@code aunt} question: the export deletes only the triples the benchmark
 * removed, so inverse edges stay), and per format what the system's reader does to the graph (RoG keeps one relation
 * per pair of names; subgraphs have a hop limit and a cap). These are properties of the system and the KG, not defects
 * of the export, but they decide what a score means, so export.json ({@code system_view}) and the export's report
 * state them. Counted over the test split, the questions {@code evaluate} scores by default.
 */
final class SystemView {
    private final ExportFormat format;
    private long questions;
    private long ownTriple;
    private long oneHop;
    private long oneHopOtherRelation;
    private long renamedByRog;
    private long outside;
    private long capped;

    SystemView(ExportFormat format) {
        this.format = format;
    }

    /**
     * One question of a per-question subgraph format with its subgraph (private ids); returns whether the subgraph
     * holds the question's own triple. Questions of other splits are not counted.
     */
    boolean subgraph(Question q, ExportGraphs.Subgraph g) {
        if (!SplitName.TEST.label().equals(q.split())) {
            return false;
        }
        if (!g.entities().contains(q.hardAnswer())) {
            outside++;
        }
        if (g.dropped() > 0) {
            capped++;
        }
        Touch t = new Touch();
        for (String[] triple : g.triples()) {
            t.see(q, triple);
        }
        return count(t);
    }

    /**
     * RoG's graph of one test question whose subgraph holds the question's own triple: does RoG's one edge between the
     * topic and the hard answer carry the question's relation, or another triple's written later?
     */
    void rog(Question q, Names names, RogGraph graph, boolean ownTripleInSubgraph) {
        if (ownTripleInSubgraph && !q.relation().strip().equals(graph.relation(names.of(q.topicEntity()), names.of(q.hardAnswer())))) {
            renamedByRog++;
        }
    }

    /** Whole-graph formats: the test questions held against every triple of the exported graph, in one pass. */
    static SystemView wholeGraph(CheckedFolder folder, ExportSettings s) {
        SystemView view = new SystemView(s.format());
        List<Question> test = folder.questions().get(SplitName.TEST);
        Map<String, List<Integer>> byPair = new HashMap<>();
        for (int i = 0; i < test.size(); i++) {
            byPair.computeIfAbsent(pair(test.get(i).topicEntity(), test.get(i).hardAnswer()), k -> new ArrayList<>()).add(i);
        }
        List<Touch> touches = new ArrayList<>();
        test.forEach(q -> touches.add(new Touch()));
        folder.forEachTriple(s.graph(), t -> {
            List<Integer> hit = byPair.get(pair(t[0], t[2]));
            if (hit != null) {
                hit.forEach(i -> touches.get(i).see(test.get(i), t));
            }
        });
        for (Touch t : touches) {
            view.count(t);
        }
        return view;
    }

    private boolean count(Touch t) {
        questions++;
        if (t.own) {
            ownTriple++;
        }
        if (t.any) {
            oneHop++;
            if (!t.own) {
                oneHopOtherRelation++;
            }
        }
        return t.own;
    }

    private static String pair(String a, String b) {
        return a.compareTo(b) <= 0 ? a + '\t' + b : b + '\t' + a;
    }

    /** Which triples between one question's topic and hard answer a graph holds. */
    private static final class Touch {
        boolean any;
        boolean own;

        void see(Question q, String[] t) {
            String topic = q.topicEntity();
            String hard = q.hardAnswer();
            boolean joins = t[0].equals(topic) && t[2].equals(hard) || t[0].equals(hard) && t[2].equals(topic);
            if (!joins) {
                return;
            }
            any = true;
            String head = q.side() == Side.HEAD ? topic : hard;
            String tail = q.side() == Side.HEAD ? hard : topic;
            if (t[0].equals(head) && t[1].equals(q.relation()) && t[2].equals(tail)) {
                own = true;
            }
        }
    }

    /** export.json's system_view: the counts and, in words, what the system will see. */
    void report(ObjectNode summary, ExportSettings s, ObjectNode written) {
        ObjectNode v = summary.putObject("system_view");
        v.put("split", SplitName.TEST.label());
        v.put("questions", questions);
        v.put("question_triple_in_graph", ownTriple);
        v.put("hard_answer_one_hop_from_topic", oneHop);
        v.put("hard_answer_one_hop_without_question_triple", oneHopOtherRelation);
        if (format.perQuestionSubgraphs()) {
            v.put("hard_answer_outside_subgraph", outside);
            v.put("capped_subgraphs", capped);
        }
        if (format == ExportFormat.ROG) {
            v.put("question_triple_under_another_relation_for_rog", renamedByRog);
        }
        ArrayNode notes = v.putArray("notes");
        for (String n : notes(s, written)) {
            notes.add(n);
        }
    }

    private List<String> notes(ExportSettings s, ObjectNode written) {
        List<String> out = new ArrayList<>();
        String graph = "the " + s.graph().label() + " graph";
        switch (format) {
            case ROG -> {
                out.add(String.format(Locale.ROOT, "Multi-edges collapsed: RoG's build_graph keeps one relation per pair of "
                        + "names (an undirected networkx Graph; the last triple written wins), so %,d of the subgraphs' %,d "
                        + "triples are not seen.", written.path("collapsed_by_rog_undirected_graph").asLong(),
                        written.path("subgraph_triples").asLong()));
                out.add(String.format(Locale.ROOT, "Of the %,d test questions whose subgraph holds the question's own triple, "
                        + "%,d reach RoG under another relation's name.", ownTriple, renamedByRog));
            }
            case GNNRAG -> out.add("Multi-edges kept: every triple of a subgraph is a tuple of its own; nothing is collapsed.");
            default -> out.add("The whole of " + graph + ", every triple as it is: nothing is collapsed or capped.");
        }
        out.add(String.format(Locale.ROOT, "Inverse edges left: the export removes only the benchmark's removed triples, so "
                + "%,d of %,d test hard answers are one hop from the topic, %,d of them without the question's own triple "
                + "(through an inverse such as niece for an aunt question, or another relation): a one-hop walk can find "
                + "them without the rule.",
                oneHop, questions, oneHopOtherRelation));
        out.add(String.format(Locale.ROOT, "%,d of %,d test questions have their own triple in the graph the system sees.",
                ownTriple, questions));
        if (format.perQuestionSubgraphs()) {
            out.add(String.format(Locale.ROOT, "Subgraphs: %d hops around the topic, capped at %,d triples (%,d test questions "
                    + "capped); %,d test hard answers are outside their subgraph and cannot be found from it (all splits: %,d "
                    + "answers, %,d hard).", s.hops(), s.maxTriples(), capped, outside,
                    written.path("answers_unreachable").asLong(), written.path("hard_answers_unreachable").asLong()));
        }
        return out;
    }
}
