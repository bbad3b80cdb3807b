package dev.lacuna.answer;

import java.util.Map;

import org.eclipse.rdf4j.model.Value;

import dev.lacuna.questions.Question;
import dev.lacuna.store.SparqlFiles;
import dev.lacuna.rules.sparql.Side;

/**
 * The protocol's sanity check: answers from the direct triples only, {@code topic relation ?x} when the
 * topic is the head of the deleted triple, {@code ?x relation topic} when it is the tail. On the complete
 * graph it finds every answer (HHR 1); on the incomplete graph the hard answer's triple is gone, so its
 * Hits@Hard is 0 by construction.
 */
public final class LookupResponder implements Responder {
    private final GraphAccess access;

    public LookupResponder(GraphAccess access) {
        this.access = access;
    }

    @Override
    public String name() {
        return "lookup";
    }

    @Override
    public Answer answer(Question q) {
        // the files are named after the side the answers are on: answers-tail.rq is <topic> r ?answer
        String file = q.side() == Side.HEAD ? "answers-tail.rq" : "answers-head.rq";
        Map<String, Value> values = Map.of("graph", access.graph(), "relation", access.kg().relation(q.relation()),
                "topic", access.entity(q.topicEntity()));
        return Answer.of(q.id(), access.privateIds(SparqlFiles.render(file, values), "answer"));
    }
}
