# A workload for busybox: run by its own shell (busybox sh workload.sh
# [SCALE]) in an empty directory, with busybox's applets run as applets
# (FEATURE_SH_STANDALONE), never the host's programs. It generates its data
# with awk (a fixed linear congruential generator), then sorts, filters,
# transforms, compresses, hashes and archives it, printing one line per
# step: the same output on every run and every correct build.

set -e
n=${1:-4000}

# Records: id, word, number, a float, a phrase.
awk -v n="$n" 'BEGIN {
  split("alpha beta gamma delta epsilon zeta eta theta iota kappa", w)
  x = 12345
  for (i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) % 2147483648
    y = (x * 1103515245 + 12345) % 2147483648
    printf "%d,%s,%d,%.3f,%s %s %s\n", i, w[x % 10 + 1], x % 100000,
      (y % 1000000) / 997, w[y % 10 + 1], w[(x + y) % 10 + 1], toupper(w[i % 10 + 1])
    x = y
  }
}' > data.csv

step() { printf '%-14s %s\n' "$1" "$2"; }
sum() { md5sum | cut -c1-32; }

step lines "$(wc -l < data.csv)"
step sort-num "$(sort -t, -k3,3n -k1,1n data.csv | sum)"
step sort-rev "$(sort -t, -k4,4gr data.csv | head -n 5 | tail -n 1)"
step sort-uniq "$(cut -d, -f2 data.csv | sort | uniq -c | sort -k1,1nr -k2 | tr -s ' ' | sum)"
step sed "$(sed -e 's/alpha/ALPHA/g' -e '/^1/d' -e 's/\([0-9]*\),\([a-z]*\)/\2=\1/' data.csv | sum)"
step grep "$(grep -c -E 'beta|gamma,[0-9]*7' data.csv) $(grep -v -i ETA data.csv | wc -l)"
step tr "$(tr 'a-z' 'A-Z' < data.csv | tr -d '0-9' | tr -s 'A-Z' | sum)"
step awk "$(awk -F, '{ s[$2] += $3; c[$2]++ } END { for (k in s) printf "%s %d %.2f\n", k, c[k], s[k] / c[k] }' data.csv | sort | sum)"
step cut-paste "$(cut -d, -f1,3 data.csv > a; cut -d, -f5 data.csv > b; paste -d';' a b | tac | sum)"
step join "$(sort -t, -k1,1 a > a.s; sort -t, -k1,1 data.csv | cut -d, -f1,2 > c.s; join -t, a.s c.s | sum)"
step comm "$(sort b > b1; sort -u b > b2; comm -3 b1 b2 | wc -l)"
step fold-rev "$(fold -w 37 data.csv | rev | nl | tail -n 3 | sum)"
step expand "$(printf 'a\tb\tc\n' | expand -t 4 | od -c | sum)"
step seq "$(seq 1 7 $((n * 10)) | xargs -n 50 echo | wc -c)"
step diff "$(sed 's/5/five/' data.csv > d2; diff data.csv d2 | sum || true)"
step sha1 "$(sha1sum < data.csv | cut -c1-40)"
step sha256 "$(sha256sum < data.csv | cut -c1-64)"
step sha512 "$(sha512sum < data.csv | cut -c1-32)"
step sha3 "$(sha3sum < data.csv | cut -c1-32)"
step crc "$(cksum < data.csv) $(crc32 data.csv | cut -c1-8)"
step gzip "$(gzip -9 -c data.csv > data.gz; wc -c < data.gz) $(gunzip -c data.gz | cmp - data.csv && echo same)"
step bzip2 "$(bzip2 -c data.csv > data.bz2; wc -c < data.bz2) $(bunzip2 -c data.bz2 | sum)"
step lzop "$(lzop -c data.csv > data.lzo; lzop -d -c data.lzo | sum)"
step base64 "$(base64 data.gz | base64 -d | cmp - data.gz && echo same)"
step uuencode "$(uuencode -m data.bz2 x | uudecode -o - | cmp - data.bz2 && echo same)"
step xxd "$(head -c 4096 data.bz2 > h; xxd -p h | xxd -r -p | cmp - h && xxd h | sum)"
step hexdump "$(head -c 8192 data.gz | hexdump -C | sum)"
mkdir -p tree/x tree/y
for i in $(seq 1 20); do
  head -n $((i * 20)) data.csv > tree/x/f$i.txt
  printf '%s\n' "$i" > tree/y/g$i.txt
done
step find "$(find tree -name 'f*' -size +10k | sort | sum)"
step tar "$(tar cf t.tar tree; tar tf t.tar | sort | sum)"
step tar-gz "$(tar czf t.tgz tree; mkdir u; tar xzf t.tgz -C u; diff -r tree u/tree && echo same)"
step cpio "$(find tree | sort | cpio -o -H newc 2>/dev/null | cpio -t 2>/dev/null | sum)"
step dc "$(echo '2 300 ^ p' | dc | tr -d '\\\n' | sum)"
step bc "$(echo 'scale=300; 4*a(1)' | bc -l | tr -d '\\\n' | cut -c1-40)"
step expr "$(i=0; t=0; while [ $i -lt 300 ]; do t=$(expr $t + $i \* 3 % 7); i=$((i + 1)); done; echo $t)"
step shell "$(s=''; for w in $(cut -d, -f2 data.csv | head -n 500); do case $w in a*|e*) s="$s${w%a}";; *) s="$s${#w}";; esac; done; printf %s "$s" | sum)"
step printf "$(printf '%5d|%-8s|%x|%o|%.2f\n' 42 ab 255 8 3.14159)"
step date "$(date -u -d '2024-02-29 12:34:56' '+%Y %j %A %s')"
step dd "$(dd if=data.csv bs=512 skip=3 count=7 2>/dev/null | sum)"
step split "$(split -l 1000 data.csv part.; cat part.* | cmp - data.csv && ls part.* | wc -l)"
step ls "$(ls -1 tree/x | sort -t f -k2n | tail -n 2 | tr '\n' ' ')"
step strings "$(strings -n 6 data.bz2 | wc -l)"
step unexpand "$(printf '        x\n' | unexpand | od -c | head -n 1)"
step md5-all "$(cat data.csv tree/*/* | md5sum | cut -c1-32)"
