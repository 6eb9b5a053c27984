"""Tests of Ticket to Ride (package ``canaldsl.tickettoride``)."""
