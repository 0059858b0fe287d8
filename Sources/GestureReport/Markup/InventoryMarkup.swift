import GestureTrace

/// The captures, devices, configurations and sessions a report drew on.
struct InventoryMarkup {
    var inventory: ReportInventory
    /// Beyond this many sessions the table lists the first ones and counts the rest.
    static let sessionRows = 200

    func html() -> String {
        var html = "<section id=\"data\">\n<h2>What this report drew on</h2>\n"
        // Some sessions left out: each capture's count says how many of its sessions were drawn on.
        let part = inventory.drawsOnPart
        if part {
            let drawn = inventory.sessions.count
            html += "<p class=\"drawn-on\">The comparisons drew on \(drawn.grouped) of the "
                + "\(ReportInventory.count(inventory.storeSessions, "session")) in the store "
                + "(\(ReportInventory.count(inventory.storeCaptures, "capture"))); the captures below are those they "
                + "came from, and the devices, configurations and sessions count only the \(drawn.grouped) drawn on.</p>\n"
        }
        html += "<h3>Captures</h3>\n<div class=\"scroll\"><table>\n<thead><tr><th>file</th><th class=\"text\">SHA-256 (first 12)</th>"
            + "<th>sessions</th>\(part ? "<th>drawn on</th>" : "")</tr></thead>\n<tbody>\n"
        for capture in inventory.captures {
            html += "<tr><td>\(name(capture.fileName))</td><td class=\"text\"><code>\(capture.sha256)</code></td>"
                + "<td>\(capture.sessions.grouped)</td>\(part ? "<td>\(capture.drawnOn.grouped)</td>" : "")</tr>\n"
        }
        html += "</tbody></table></div>\n<h3>Devices</h3>\n<div class=\"scroll\"><table>\n<thead><tr><th>device, OS</th>"
            + "<th class=\"text\">screen (pt)</th><th>sessions</th></tr></thead>\n<tbody>\n"
        for device in inventory.devices {
            html += "<tr><td>\(name(device.device))</td><td class=\"text\">\(XMLText.escape(device.screen))</td>"
                + "<td>\(device.sessions.grouped)</td></tr>\n"
        }
        html += "</tbody></table></div>\n<h3>Configurations</h3>\n<div class=\"scroll\"><table>\n<thead><tr><th>experiment</th>"
            + "<th class=\"text\">configuration</th><th>sessions</th></tr></thead>\n<tbody>\n"
        for configuration in inventory.configurations {
            html += "<tr><td>\(name(configuration.experiment))</td>"
                + "<td class=\"text\">\(name(configuration.configuration))</td><td>\(configuration.sessions.grouped)</td></tr>\n"
        }
        html += "</tbody></table></div>\n<h3>Sessions</h3>\n<div class=\"scroll\"><table class=\"small\">\n<thead><tr>"
            + ["capture", "session", "experiment", "variant", "device"].map { "<th>\($0)</th>" }.joined()
            + "<th>touches</th><th>dropped events</th></tr></thead>\n<tbody>\n"
        for session in inventory.sessions.prefix(Self.sessionRows) {
            html += "<tr>" + [session.capture, session.session, session.experiment, session.variant, session.device]
                .map { "<td>\(name($0))</td>" }.joined()
                + "<td>\(session.touches.grouped)</td><td>\(session.droppedEvents.grouped)</td></tr>\n"
        }
        html += "</tbody></table></div>\n"
        if inventory.sessions.count > Self.sessionRows {
            html += "<p class=\"small\">and \((inventory.sessions.count - Self.sessionRows).grouped) more sessions "
                + "(gesturelab sessions lists them all).</p>\n"
        }
        return html + "</section>\n"
    }

    /// A name from the captures, isolated: a table cell bounds its text's
    /// direction already, but the page isolates every name alike.
    private func name(_ text: String) -> String {
        XMLText.escape(XMLText.isolate(text))
    }
}
