"""benchmarks/bench_web.py's own parts: latencies from rulings to the pages that got them."""

from benchmarks.bench_web import latencies


def test_each_page_s_delivery_of_each_ruling_counts_and_a_page_that_never_got_one_is_a_miss():
    made = {3: 10.0, 7: 20.0}
    received = {3: [10.001, 10.003], 7: [20.002], 9: [30.0]}   # 9: a change without a ruling is no delivery
    got = latencies(made, received, pages=2)
    assert (got["rulings"], got["deliveries"], got["missed"]) == (2, 3, 1)
    assert (got["median_ms"], got["max_ms"]) == (2.0, 3.0)
