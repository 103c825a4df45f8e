#!/usr/bin/env python3
"""Reads a callgrind profile of the `whisk` server and prints the linker symbols of every function
of BINARY that ran, most instructions first: the symbol ordering file the server is linked with
(`api/build.rs`, `scripts/code-order.sh`).

Usage: code_order.py CALLGRIND_OUT BINARY > api/code-order.txt

The profile must be taken with `--demangle=no`, so that its names are the linker's symbols.
Callgrind compresses names: the first `fn=(id) name` gives the name, later ones only `(id)`;
`ob=` and `fl=` work the same way. A cost line after `calls=` is a call's inclusive cost and
belongs to the callee, so it is skipped.
"""
import os
import re
import sys

COMPRESSED = re.compile(r"^\((\d+)\)(?: (.*))?$")
# Callgrind marks a recursion level or a cycle member with a suffix ('2); the symbol is the same.
RECURSION = re.compile(r"'\d+$")
# Only names the linker can know: no addresses of code without a symbol, no "(below main)".
SYMBOL = re.compile(r"^[A-Za-z_.$][A-Za-z0-9_.$]*$")


def expand(table, value):
    match = COMPRESSED.match(value)
    if not match:
        return value
    key, name = match.groups()
    if name is not None:
        table[key] = name
    return table.get(key, "")


def self_costs(path, binary):
    names = {"ob": {}, "fn": {}}
    target = os.path.realpath(binary)
    costs = {}
    in_target = False
    function = None
    skip_next = False
    with open(path, encoding="utf-8", errors="replace") as profile:
        for line in profile:
            line = line.rstrip("\n")
            if skip_next:
                skip_next = False
                continue
            if line.startswith("ob="):
                in_target = os.path.realpath(expand(names["ob"], line[3:])) == target
            elif line.startswith("fn="):
                function = expand(names["fn"], line[3:])
            elif line.startswith("cob="):
                expand(names["ob"], line[4:])  # a callee's object: only its compressed name
            elif line.startswith("cfn="):
                expand(names["fn"], line[4:])  # a callee: only its compressed name
            elif line.startswith("calls="):
                skip_next = True
            elif line[:1] and line[0] in "0123456789+-*":  # a cost line: position, then Ir
                if in_target and function:
                    fields = line.split()
                    if len(fields) >= 2:
                        name = RECURSION.sub("", function)
                        costs[name] = costs.get(name, 0) + int(fields[1])
    return costs


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    costs = self_costs(sys.argv[1], sys.argv[2])
    ran = sorted((name for name, cost in costs.items() if cost > 0 and SYMBOL.match(name)), key=lambda n: (-costs[n], n))
    for name in ran:
        print(name)
    print(f"{len(ran)} functions ran", file=sys.stderr)


if __name__ == "__main__":
    main()
