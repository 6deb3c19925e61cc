module rulem

go 1.26.0
