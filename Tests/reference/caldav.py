#!/usr/bin/env python3
"""A small CalDAV client for CalDAVRoundTripTests: loopback only, no proxies.

    caldav.py port                      a free TCP port on 127.0.0.1
    caldav.py wait URL                  until URL answers HTTP (at most 400 tries, 50 ms apart)
    caldav.py mkcol URL                 MKCOL (RFC 4918 §9.3): a principal's home
    caldav.py put URL FILE              PUT a whole VCALENDAR onto a calendar collection
    caldav.py event URL UID             GET the collection; the VEVENT with UID as JSON
    caldav.py report URL START END      calendar-query REPORT with a time-range (RFC 4791 §7.8,
                                        §9.9); START and END as 20261124T143000Z; prints the
                                        UIDs of the events the server returns, one a line

Every request goes to 127.0.0.1 only (the script refuses other hosts).
"""
import datetime
import json
import socket
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import xml.etree.ElementTree as ET

import icalendar

# No proxy from the environment: a test's traffic stays on the loopback.
opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def request(method, url, body=None, headers=None):
    host = urllib.parse.urlsplit(url).hostname
    if host != "127.0.0.1":
        sys.exit(f"caldav.py: {url}: only 127.0.0.1")
    req = urllib.request.Request(url, data=body, method=method, headers=headers or {})
    try:
        with opener.open(req, timeout=30) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def ok(method, status, body, url):
    if not 200 <= status < 300:
        sys.exit(f"caldav.py: {method} {url}: {status} {body[:500]!r}")


def event_json(component):
    def utc(prop):
        value = component.get(prop)
        return None if value is None else value.dt.astimezone(datetime.timezone.utc).isoformat()

    attendees = component.get("ATTENDEE", [])
    if not isinstance(attendees, list):
        attendees = [attendees]
    return {
        "uid": str(component.get("UID")),
        "start": utc("DTSTART"),
        "end": utc("DTEND"),
        "summary": str(component.get("SUMMARY", "")),
        "location": str(component.get("LOCATION", "")),
        "status": str(component.get("STATUS", "")),
        "sequence": int(component.get("SEQUENCE", 0)),
        "attendees": [
            {
                "address": str(a).lower().removeprefix("mailto:"),
                "cutype": str(a.params.get("CUTYPE", "INDIVIDUAL")),
                "role": str(a.params.get("ROLE", "")),
                "partstat": str(a.params.get("PARTSTAT", "")),
            }
            for a in attendees
        ],
    }


def main(argv):
    command = argv[1]
    if command == "port":
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            print(s.getsockname()[1])
    elif command == "wait":
        for _ in range(400):
            try:
                request("OPTIONS", argv[2])
                return
            except (urllib.error.URLError, ConnectionError, OSError):
                time.sleep(0.05)
        sys.exit(f"caldav.py: {argv[2]} does not answer")
    elif command == "mkcol":
        status, body = request("MKCOL", argv[2])
        ok("MKCOL", status, body, argv[2])
    elif command == "put":
        with open(argv[3], "rb") as f:
            data = f.read()
        status, body = request(
            "PUT", argv[2], data, {"Content-Type": "text/calendar; charset=utf-8"})
        ok("PUT", status, body, argv[2])
    elif command == "event":
        status, body = request("GET", argv[2])
        ok("GET", status, body, argv[2])
        found = [
            event_json(c)
            for c in icalendar.Calendar.from_ical(body).walk("VEVENT")
            if str(c.get("UID")) == argv[3]
        ]
        print(json.dumps({"count": len(found), "events": found}))
    elif command == "report":
        query = f"""<?xml version="1.0" encoding="utf-8"?>
<C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:prop><C:calendar-data/></D:prop>
  <C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT">
    <C:time-range start="{argv[3]}" end="{argv[4]}"/>
  </C:comp-filter></C:comp-filter></C:filter>
</C:calendar-query>"""
        status, body = request(
            "REPORT", argv[2], query.encode(),
            {"Depth": "1", "Content-Type": "application/xml; charset=utf-8"})
        ok("REPORT", status, body, argv[2])
        uids = set()
        for data in ET.fromstring(body).iter("{urn:ietf:params:xml:ns:caldav}calendar-data"):
            for c in icalendar.Calendar.from_ical(data.text).walk("VEVENT"):
                uids.add(str(c.get("UID")))
        print("\n".join(sorted(uids)))
    else:
        sys.exit(f"caldav.py: unknown command {command}")


if __name__ == "__main__":
    main(sys.argv)
