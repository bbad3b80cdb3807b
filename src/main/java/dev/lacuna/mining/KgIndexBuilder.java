package dev.lacuna.mining;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/** Collects triples as names and assigns dense ids in first-seen order, for a {@link KgIndex}. */
public final class KgIndexBuilder {
    private final Map<String, Integer> entities = new HashMap<>();
    private final Map<String, Integer> relations = new HashMap<>();
    private String[] entityNames = new String[1024];
    private String[] relationNames = new String[16];
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
        heads[size] = entity(head);
        rels[size] = relation(relation);
        tails[size] = entity(tail);
        size++;
        return this;
    }

    private int entity(String name) {
        Integer id = entities.get(name);
        if (id == null) {
            id = entities.size();
            entities.put(name, id);
            if (id == entityNames.length) {
                entityNames = Arrays.copyOf(entityNames, id * 2);
            }
            entityNames[id] = name;
        }
        return id;
    }

    private int relation(String name) {
        Integer id = relations.get(name);
        if (id == null) {
            id = relations.size();
            relations.put(name, id);
            if (id == relationNames.length) {
                relationNames = Arrays.copyOf(relationNames, id * 2);
            }
            relationNames[id] = name;
        }
        return id;
    }

    public int size() {
        return size;
    }

    public KgIndex build() {
        return new KgIndex(Arrays.copyOf(entityNames, entities.size()), entities.size(),
                Arrays.copyOf(relationNames, relations.size()), heads, rels, tails, size);
    }
}
