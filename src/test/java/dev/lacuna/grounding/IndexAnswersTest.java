package dev.lacuna.grounding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.construct.FamilyBuild;
import dev.lacuna.mining.KgIndex;
import dev.lacuna.rules.sparql.SparqlRuleRunner;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.StoreConfig;

/**
 * Answer sets from complete's integer index equal the batched SPARQL answer queries, key for key: every
 * (entity, relation) of Family's complete graph on both sides (answers of one entity and of many), and keys with
 * no answer (a relation the entity does not have, an entity that is not in the KG).
 */
class IndexAnswersTest {
    @TempDir
    Path tmp;

    @Test
    void indexAnswersEqualSparqlAnswers() throws IOException {
        Repository repository = FamilyBuild.loadedStore(new StoreConfig.LmdbStoreConfig(tmp.resolve("store")), tmp, 42);
        try {
            KgGraphs kg = FamilyBuild.KG;
            List<QuestionAssembler.AnswerKey> keys = new ArrayList<>();
            try (RepositoryConnection c = repository.getConnection()) {
                for (Statement st : c.getStatements(null, null, null, false, kg.complete())) {
                    String relation = kg.relationName(st.getPredicate());
                    keys.add(new QuestionAssembler.AnswerKey(relation, kg.privateId((IRI) st.getSubject()), true));
                    keys.add(new QuestionAssembler.AnswerKey(relation, kg.privateId((IRI) st.getObject()), false));
                    keys.add(new QuestionAssembler.AnswerKey(relation, kg.privateId((IRI) st.getObject()), true));
                }
            }
            keys.add(new QuestionAssembler.AnswerKey("father", 999_999_999L, true));
            KgIndex index = KgIndex.fromRepository(repository, kg);
            Map<QuestionAssembler.AnswerKey, List<String>> fromIndex = new IndexAnswers(index, kg).answers(keys);
            Map<QuestionAssembler.AnswerKey, List<String>> fromSparql =
                    QuestionAssembler.answers(new SparqlRuleRunner(repository, kg), kg, keys);
            assertEquals(fromSparql, fromIndex);
            long several = fromIndex.values().stream().filter(l -> l.size() > 1).count();
            long none = fromIndex.values().stream().filter(List::isEmpty).count();
            assertTrue(several > 100 && none > 100, several + " keys with several answers, " + none + " with none");
        } finally {
            repository.shutDown();
        }
    }
}
