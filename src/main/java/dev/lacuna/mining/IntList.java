package dev.lacuna.mining;

import java.util.Arrays;

/** A growable int list, reused across groups by the refinement strategies; a library's would ship a large jar for it. */
final class IntList {
    private int[] items = new int[16];
    private int size;

    void add(int v) {
        if (size == items.length) {
            items = Arrays.copyOf(items, size * 2);
        }
        items[size++] = v;
    }

    int get(int i) {
        return items[i];
    }

    int size() {
        return size;
    }

    void clear() {
        size = 0;
    }
}
