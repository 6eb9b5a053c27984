"""Tests of Canal Grande (a package, so its helper modules do not clash with Canal Mania's)."""
