# Replace the target graph with the source graph and empty the source (a staged build -> its canonical graph).
MOVE SILENT GRAPH {{source}} TO GRAPH {{target}}
