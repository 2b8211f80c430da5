# The workload of bench/lib/projects/jq.py, over the generated document
# (orders of customers, nested items, free text): jq's recursion (paths,
# walk, .., recursive functions of our own), reductions, grouping,
# sorting, string building and regular expressions (Oniguruma).

def fib: if . < 2 then . else (. - 1 | fib) + (. - 2 | fib) end;
def depth: if type == "object" or type == "array"
  then 1 + ([.[] | depth] | max // 0) else 0 end;
def flat_keys: [paths(scalars) | map(tostring) | join(".")];
def tree($n): if $n == 0 then {leaf: true}
  else {l: tree($n - 1), r: tree($n - 1), n: $n} end;
def count_nodes: if type == "object" then 1 + ([.[] | count_nodes] | add)
  else 0 end;

. as $doc
| {
  fib: (20 | fib),
  depth: ($doc | depth),
  paths: ($doc | [paths] | length),
  scalars: ($doc | flat_keys | length),
  leaves: ([$doc | .. | numbers] | add),
  tree: (tree(10) | count_nodes),
  by_country: ($doc.orders | group_by(.customer.country)
    | map({key: .[0].customer.country,
           value: {n: length, total: (map(.items[].price * .items[].qty)
                                      | add | floor)}})
    | from_entries),
  top: ($doc.orders | sort_by(-(.items | map(.price * .qty) | add))
    | .[:5] | map(.id)),
  skus: ($doc.orders | [.[].items[].sku] | unique | length),
  walked: ($doc | walk(if type == "string" then ascii_upcase else . end)
    | [.. | strings] | map(length) | add),
  stream: ($doc.orders[:40] | [tostream] | fromstream(.[])
    | tojson | length),
  emails: ($doc.orders | map(.customer.email
    | select(test("^[a-z]+[0-9]*@example\\.(org|com)$")))
    | length),
  words: ($doc.orders | map(.note | [scan("[A-Za-z]+")] | length) | add),
  subs: ($doc.orders[:200] | map(.note | gsub("(?<v>[aeiou])"; "<\(.v)>")
    | length) | add),
  csv: ($doc.orders[:100] | map([.id, .customer.name, .status]
    | @csv) | join("\n") | length),
  dates: ($doc.orders[:300] | map(.date | strptime("%Y-%m-%d") | mktime)
    | add),
  reduce_stats: (reduce ($doc.orders[].items[]) as $i
    ({}; .[$i.sku[:2]] += $i.qty)),
  limit: ([limit(50; $doc | .. | objects | select(has("sku")))] | length),
  encoded: ($doc.orders[:60] | tojson | @base64 | @base64d | fromjson
    | length)
}
