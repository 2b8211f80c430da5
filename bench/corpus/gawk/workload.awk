# The gawk workload of the corpus, over the generated sales ledger of
# bench/lib/projects/gawk.py (comma-separated: id, date, customer e-mail,
# city, product code, quantity, unit price, a comment of free text):
#
#   gawk -f workload.awk ledger.csv
#
# Field splitting, associative arrays (totals by city, product, month and
# customer), word frequencies of the comments, regular expressions
# (match with groups, gsub, gensub, split on patterns), printf formatting,
# a recursive function or two, and sorted traversal (PROCINFO["sorted_in"],
# asort, asorti). Prints a report; the check compares it with the
# baseline's.

BEGIN {
    FS = ","
    OFS = "\t"
}

# Thousands separators, by recursion.
function commas(n,    s) {
    s = sprintf("%d", n)
    if (length(s) <= 3)
        return s
    return commas(substr(s, 1, length(s) - 3)) "," substr(s, length(s) - 2)
}

# Greatest common divisor, by recursion.
function gcd(a, b) {
    return b == 0 ? a : gcd(b, a % b)
}

# Quicksort of v[lo..hi] by value, by recursion.
function qsort(v, lo, hi,    i, last, t) {
    if (lo >= hi)
        return
    t = v[lo]; v[lo] = v[int((lo + hi) / 2)]; v[int((lo + hi) / 2)] = t
    last = lo
    for (i = lo + 1; i <= hi; i++)
        if (v[i] < v[lo]) {
            last++
            t = v[last]; v[last] = v[i]; v[i] = t
        }
    t = v[lo]; v[lo] = v[last]; v[last] = t
    qsort(v, lo, last - 1)
    qsort(v, last + 1, hi)
}

NR == 1 && /^id,/ { next }

{
    records++
    amount = $6 * $7
    total += amount

    # The date: year, month and day, checked by a regular expression.
    if (match($2, /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/, d)) {
        month = d[1] "-" d[2]
        by_month[month] += amount
        weekday[(d[3] + 0) % 7]++
    } else
        bad_dates++

    # The customer: user and domain of the e-mail address.
    if (match($3, /^([a-z]+)\.?([a-z]*)[0-9]*@([a-z0-9-]+)\.([a-z]+)$/, e)) {
        domain[e[3] "." e[4]]++
        customers[e[1]]++
        spent[e[1]] += amount
    } else
        bad_emails++

    city = toupper(substr($4, 1, 1)) tolower(substr($4, 2))
    by_city[city] += amount
    count_city[city]++

    # The product code: a family, a number and an optional variant.
    code = $5
    family = gensub(/^([A-Z]+)-([0-9]+)(-[a-z]+)?$/, "\\1", 1, code)
    variant = gensub(/^[A-Z]+-[0-9]+-?/, "", 1, code)
    by_family[family] += $6
    if (variant != "")
        variants[variant]++
    qty[code] += $6
    if ($7 > max_price[family])
        max_price[family] = $7

    # The comment: its words, counted; prices and phone-like numbers in it.
    comment = tolower($8)
    gsub(/[^a-z0-9' ]/, " ", comment)
    n = split(comment, words, / +/)
    for (i = 1; i <= n; i++)
        if (length(words[i]) > 2 && words[i] !~ /^[0-9]+$/) {
            freq[words[i]]++
            nwords++
        }
    if ($8 ~ /urgent|asap|immediately/)
        urgent++
    numbers += gsub(/[0-9]+/, "#", $8)
    if (length($8) > longest) {
        longest = length($8)
        longest_id = $1
    }
    bucket = sprintf("%05.1f", amount < 1000 ? int(amount / 100) * 100 : 999.9)
    buckets[bucket]++
}

END {
    printf "records %d, total %s.%02d, words %d, urgent %d, numbers %d\n",
        records, commas(int(total)), int(total * 100) % 100, nwords, urgent, numbers
    printf "bad dates %d, bad e-mails %d, longest comment %d (id %s)\n",
        bad_dates, bad_emails, longest, longest_id

    print "-- by month"
    PROCINFO["sorted_in"] = "@ind_str_asc"
    for (m in by_month)
        printf "%s %14s\n", m, commas(by_month[m])

    print "-- by city"
    PROCINFO["sorted_in"] = "@val_num_desc"
    for (c in by_city)
        printf "%-12s %6d %14s %10.2f\n", c, count_city[c], commas(by_city[c]),
            by_city[c] / count_city[c]

    print "-- by family"
    PROCINFO["sorted_in"] = "@ind_str_asc"
    for (f in by_family)
        printf "%-6s %8d %9.2f\n", f, by_family[f], max_price[f]

    print "-- domains"
    PROCINFO["sorted_in"] = "@val_num_desc"
    for (dm in domain)
        print dm, domain[dm]

    print "-- top customers"
    k = 0
    PROCINFO["sorted_in"] = "@val_num_desc"
    for (cu in spent) {
        printf "%-10s %5d %14s\n", cu, customers[cu], commas(spent[cu])
        if (++k == 10)
            break
    }

    print "-- top words"
    k = 0
    for (w in freq) {
        printf "%-14s %7d\n", w, freq[w]
        if (++k == 40)
            break
    }
    delete PROCINFO["sorted_in"]

    print "-- variants, weekdays, buckets"
    nv = asorti(variants, vnames)
    line = ""
    for (i = 1; i <= nv; i++)
        line = line " " vnames[i] "=" variants[vnames[i]]
    print substr(line, 2)
    line = ""
    for (i = 0; i < 7; i++)
        line = line " " weekday[i]
    print substr(line, 2)
    nb = asorti(buckets, bnames)
    for (i = 1; i <= nb; i++)
        printf "%s:%d%s", bnames[i], buckets[bnames[i]], i % 8 ? " " : "\n"
    print ""

    # The product codes by quantity, sorted by our own quicksort (as
    # strings, "quantity code": distinct); the median and the gcd of the
    # largest quantities.
    n = 0
    for (code in qty)
        v[++n] = sprintf("%06d %s", qty[code], code)
    qsort(v, 1, n)
    g = v[n] + 0
    for (i = n - 1; i > n - 20; i--)
        g = gcd(g, v[i] + 0)
    printf "products %d, first %s, median %s, last %s, gcd of the top 20 %d\n",
        n, v[1], v[int((n + 1) / 2)], v[n], g
    nw = asort(freq, counts)
    printf "distinct words %d, once %d, most %d\n", nw, once(counts, nw), counts[nw]
}

function once(a, n,    i, c) {
    for (i = 1; i <= n; i++)
        if (a[i] == 1)
            c++
    return c + 0
}
