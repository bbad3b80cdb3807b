package dev.lacuna.store;

import java.util.List;
import java.util.TreeSet;

import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.RepositoryResult;

/** The KGs a store holds: every named graph {@code <base>kg/NAME/complete}, by name, sorted. */
public final class KgCatalog {
    private KgCatalog() {
    }

    public static List<String> names(Repository repository, String base) {
        String prefix = base + "kg/";
        String suffix = "/complete";
        TreeSet<String> names = new TreeSet<>();
        try (RepositoryConnection c = repository.getConnection();
             RepositoryResult<Resource> contexts = c.getContextIDs()) {
            for (Resource r : contexts) {
                String g = r.stringValue();
                if (g.startsWith(prefix) && g.endsWith(suffix) && g.length() > prefix.length() + suffix.length()) {
                    String name = g.substring(prefix.length(), g.length() - suffix.length());
                    if (name.indexOf('/') < 0) {
                        names.add(name);
                    }
                }
            }
        }
        return List.copyOf(names);
    }
}
