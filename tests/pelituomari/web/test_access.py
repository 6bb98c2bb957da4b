"""Joining the table: the code, its token, and a limit on wrong codes."""

from pelituomari.web.access import CODE_ALPHABET, CODE_LENGTH, COOKIE, TableKey


def test_a_new_key_has_a_short_code_easy_to_type_and_a_long_token():
    keys = [TableKey() for _ in range(20)]
    assert all(len(k.code) == CODE_LENGTH and set(k.code) <= set(CODE_ALPHABET) for k in keys)
    assert not set("01OI") & set(CODE_ALPHABET)
    assert len({k.code for k in keys}) > 1 and all(len(k.token) >= 32 for k in keys)


def test_the_code_is_taken_as_typed_in_either_case_with_spaces_around():
    key = TableKey("ABC234", "t")
    assert key.join(" abc234 ") is True and key.join("ABC235") is False


def test_ten_wrong_codes_in_a_minute_refuse_every_join_until_the_minute_has_passed():
    now = [0.0]
    key = TableKey("ABC234", "t", clock=lambda: now[0])
    assert [key.join("WRONG") for _ in range(10)] == [False] * 10
    assert key.join("ABC234") is None
    now[0] = 60.5
    assert key.join("ABC234") is True


def test_a_request_is_admitted_by_the_token_in_its_header_or_cookie_only():
    key = TableKey("ABC234", "secret")
    assert key.admits({"x-table-token": "secret"}, {})
    assert key.admits({}, {COOKIE: "secret"})
    assert not key.admits({}, {}) and not key.admits({"x-table-token": "secre"}, {COOKIE: "other"})
