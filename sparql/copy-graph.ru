# Replace the target graph with a copy of the source graph (complete -> incomplete).
COPY SILENT GRAPH {{source}} TO GRAPH {{target}}
