#!/bin/bash
# sampler.sh PID N: every minute for N minutes: RSS (/proc), the full /metrics of the admin
# listener (23020), and at minutes 2, 12, 22, N-1 a heap profile (gc=1) and goroutine count.
pid=$1; n=$2; R=${R:-/tmp/s26/h109/results/soak}; mkdir -p $R/metrics $R/heap
echo -e "time\tmin\trss_kb\theap_inuse\theap_alloc\theap_idle\theap_released\theap_sys\tsys\tstack_inuse\tobjects\tgoroutines\tthreads\tcache_keys\trefresh\tnext_gc" > $R/samples.tsv
for i in $(seq 0 $n); do
  t=$(date -u +%H:%M:%S)
  rss=$(awk '/VmRSS/{print $2}' /proc/$pid/status)
  curl -s -m 20 127.0.0.1:23020/metrics > $R/metrics/m-$i.txt
  g() { awk -v k="$1" '$1==k{print $2}' $R/metrics/m-$i.txt; }
  echo -e "$t\t$i\t$rss\t$(g go_memstats_heap_inuse_bytes)\t$(g go_memstats_heap_alloc_bytes)\t$(g go_memstats_heap_idle_bytes)\t$(g go_memstats_heap_released_bytes)\t$(g go_memstats_heap_sys_bytes)\t$(g go_memstats_sys_bytes)\t$(g go_memstats_stack_inuse_bytes)\t$(g go_memstats_heap_objects)\t$(g go_goroutines)\t$(g go_threads)\t$(g oauth_ratelimit_cache_keys)\t$(grep -m1 '^oauth_ratelimit_refresh' $R/metrics/m-$i.txt | awk '{print $2}')\t$(g go_memstats_next_gc_bytes)" >> $R/samples.tsv
  case $i in 2|7|12|17|22|$((n-1))) curl -s -m 30 -o $R/heap/heap-$i.pb.gz "127.0.0.1:23030/debug/pprof/heap?gc=1"; curl -s -m 30 -o $R/heap/allocs-$i.pb.gz "127.0.0.1:23030/debug/pprof/allocs"; curl -s -m 30 "127.0.0.1:23030/debug/pprof/goroutine?debug=1" > $R/heap/goroutine-$i.txt;; esac
  [ $i = $n ] || sleep 60
done
