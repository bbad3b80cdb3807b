package dev.lacuna.mining;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/** Collects triples as names and assigns dense ids in first-seen order, for a {@link KgIndex}. */
public final class KgIndexBuilder {
    private final Names entities = new Names(1024);
    private final Names relations = new Names(16);
    private int[] heads = new int[1024];
    private int[] rels = new int[1024];
    private int[] tails = new int[1024];
    private int size;

    public KgIndexBuilder add(String head, String relation, String tail) {
        if (size == heads.length) {
            int cap = heads.length * 2;
            heads = Arrays.copyOf(heads, cap);
            rels = Arrays.copyOf(rels, cap);
            tails = Arrays.copyOf(tails, cap);
        }
        heads[size] = entities.id(head);
        rels[size] = relations.id(relation);
        tails[size] = entities.id(tail);
        size++;
        return this;
    }

    public int size() {
        return size;
    }

    public KgIndex build() {
        return new KgIndex(entities.names(), entities.count(), relations.names(), heads, rels, tails, size);
    }

    /** Dense ids for names, in first-seen order, and the names by id. */
    private static final class Names {
        private final Map<String, Integer> ids = new HashMap<>();
        private String[] names;

        Names(int capacity) {
            names = new String[capacity];
        }

        int id(String name) {
            Integer id = ids.get(name);
            if (id == null) {
                id = ids.size();
                ids.put(name, id);
                if (id == names.length) {
                    names = Arrays.copyOf(names, id * 2);
                }
                names[id] = name;
            }
            return id;
        }

        int count() {
            return ids.size();
        }

        String[] names() {
            return Arrays.copyOf(names, ids.size());
        }
    }
}
