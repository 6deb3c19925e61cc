TEXT github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).ReserveTiers(SB) /tmp/s33/h176/repo/cache/decide.go
  decide.go:124		0x5feb40		4c8da42440fdffff	LEAQ 0xfffffd40(SP), R12							
  decide.go:124		0x5feb48		4d3b6610		CMPQ R12, 0x10(R14)								
  decide.go:124		0x5feb4c		0f86eb1a0000		JBE 0x60063d									
  decide.go:124		0x5feb52		55			PUSHQ BP									
  decide.go:124		0x5feb53		4889e5			MOVQ SP, BP									
  decide.go:124		0x5feb56		4881ec38030000		SUBQ $0x338, SP									
  decide.go:124		0x5feb5d		48898c2470030000	MOVQ CX, 0x370(SP)								
  decide.go:124		0x5feb65		4889b42480030000	MOVQ SI, 0x380(SP)								
  decide.go:127		0x5feb6d		4889842460030000	MOVQ AX, 0x360(SP)								
  decide.go:127		0x5feb75		48899c2468030000	MOVQ BX, 0x368(SP)								
  decide.go:127		0x5feb7d		4c898c2490030000	MOVQ R9, 0x390(SP)								
  decide.go:127		0x5feb85		44889c24a0030000	MOVB R11, 0x3a0(SP)								
  decide.go:127		0x5feb8d		4c89842480020000	MOVQ R8, 0x280(SP)								
  decide.go:127		0x5feb95		4889b42430030000	MOVQ SI, 0x330(SP)								
  decide.go:127		0x5feb9d		4889bc2478020000	MOVQ DI, 0x278(SP)								
  decide.go:127		0x5feba5		48898c2428030000	MOVQ CX, 0x328(SP)								
  decide.go:126		0x5febad		8403			TESTB AL, 0(BX)									
  decide.go:125		0x5febaf		498b11			MOVQ 0(R9), DX									
  decide.go:125		0x5febb2		48899424e8020000	MOVQ DX, 0x2e8(SP)								
  decide.go:125		0x5febba		4d8b6108		MOVQ 0x8(R9), R12								
  decide.go:125		0x5febbe		4c89a424d8000000	MOVQ R12, 0xd8(SP)								
  decide.go:125		0x5febc6		4d8b6910		MOVQ 0x10(R9), R13								
  decide.go:125		0x5febca		4c89ac24e0000000	MOVQ R13, 0xe0(SP)								
  decide.go:125		0x5febd2		450fb67920		MOVZX 0x20(R9), R15								
  decide.go:125		0x5febd7		44887c2476		MOVB R15, 0x76(SP)								
  decide.go:127		0x5febdc		4d85d2			TESTQ R10, R10									
  decide.go:128		0x5febdf		41bb00000000		MOVL $0x0, R11									
  decide.go:128		0x5febe5		4d0f4cd3		CMOVL R11, R10									
  decide.go:128		0x5febe9		4c89942470020000	MOVQ R10, 0x270(SP)								
  decide.go:126		0x5febf1		833d9843570000		CMPL runtime.writeBarrier(SB), $0x0						
  decide.go:126		0x5febf8		746c			JE 0x5fec66									
  decide.go:126		0x5febfa		8403			TESTB AL, 0(BX)									
  decide.go:126		0x5febfc		488d05bdcb1e00		LEAQ 0x1ecbbd(IP), AX								
  decide.go:126		0x5fec03		e8f853e2ff		CALL runtime.wbZero(SB)								
  decide.go:129		0x5fec08		488b842460030000	MOVQ 0x360(SP), AX								
  decide.go:129		0x5fec10		488b8c2428030000	MOVQ 0x328(SP), CX								
  decide.go:134		0x5fec18		488b9424e8020000	MOVQ 0x2e8(SP), DX								
  decide.go:126		0x5fec20		488b9c2468030000	MOVQ 0x368(SP), BX								
  decide.go:129		0x5fec28		488bb42430030000	MOVQ 0x330(SP), SI								
  decide.go:129		0x5fec30		488bbc2478020000	MOVQ 0x278(SP), DI								
  decide.go:129		0x5fec38		4c8b842480020000	MOVQ 0x280(SP), R8								
  decide.go:125		0x5fec40		4c8b8c2490030000	MOVQ 0x390(SP), R9								
  decide.go:316		0x5fec48		4c8b942470020000	MOVQ 0x270(SP), R10								
  decide.go:134		0x5fec50		4c8ba424d8000000	MOVQ 0xd8(SP), R12								
  decide.go:134		0x5fec58		4c8bac24e0000000	MOVQ 0xe0(SP), R13								
  decide.go:131		0x5fec60		440fb67c2476		MOVZX 0x76(SP), R15								
  decide.go:126		0x5fec66		440f113b		MOVUPS X15, 0(BX)								
  decide.go:126		0x5fec6a		440f117b10		MOVUPS X15, 0x10(BX)								
  decide.go:126		0x5fec6f		440f117b20		MOVUPS X15, 0x20(BX)								
  decide.go:126		0x5fec74		440f117b30		MOVUPS X15, 0x30(BX)								
  decide.go:126		0x5fec79		440f117b40		MOVUPS X15, 0x40(BX)								
  decide.go:126		0x5fec7e		440f117b50		MOVUPS X15, 0x50(BX)								
  decide.go:126		0x5fec83		440f117b60		MOVUPS X15, 0x60(BX)								
  decide.go:126		0x5fec88		440f117b70		MOVUPS X15, 0x70(BX)								
  decide.go:126		0x5fec8d		440f117b78		MOVUPS X15, 0x78(BX)								
  time.go:182		0x5fec92		4c8b9c2448030000	MOVQ 0x348(SP), R11								
  time.go:182		0x5fec9a		490fbae33f		BTQ $0x3f, R11									
  time.go:182		0x5fec9f		90			NOPL										
  decide.go:127		0x5feca0		7320			JAE 0x5fecc2									
  time.go:183		0x5feca2		4f8d141b		LEAQ 0(R11)(R11*1), R10								
  time.go:183		0x5feca6		49c1ea1f		SHRQ $0x1f, R10									
  time.go:183		0x5fecaa		49bb807fb1d70d000000	MOVQ $0xdd7b17f80, R11								
  time.go:183		0x5fecb4		4d01da			ADDQ R11, R10									
  time.go:1433		0x5fecb7		4c899424a0000000	MOVQ R10, 0xa0(SP)								
  time.go:1433		0x5fecbf		90			NOPL										
  time.go:189		0x5fecc0		eb20			JMP 0x5fece2									
  decide.go:127		0x5fecc2		4889842418030000	MOVQ AX, 0x318(SP)								
  time.go:1433		0x5fecca		488b842450030000	MOVQ 0x350(SP), AX								
  time.go:1433		0x5fecd2		48898424a0000000	MOVQ AX, 0xa0(SP)								
  decide.go:129		0x5fecda		488b842418030000	MOVQ 0x318(SP), AX								
  decide.go:129		0x5fece2		4889cb			MOVQ CX, BX									
  decide.go:129		0x5fece5		4889f9			MOVQ DI, CX									
  decide.go:129		0x5fece8		4889f7			MOVQ SI, DI									
  decide.go:129		0x5feceb		4c89c6			MOVQ R8, SI									
  decide.go:129		0x5fecee		e80d990000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).lookup(SB)	
  decide.go:129		0x5fecf3		4889842400030000	MOVQ AX, 0x300(SP)								
  decide.go:129		0x5fecfb		4889b42428010000	MOVQ SI, 0x128(SP)								
  time.go:189		0x5fed03		488b9424a0000000	MOVQ 0xa0(SP), DX								
  time.go:189		0x5fed0b		49b800096e88f1ffffff	MOVQ $0xfffffff1886e0900, R8							
  time.go:189		0x5fed15		4d8d1410		LEAQ 0(R8)(DX*1), R10								
  time.go:189		0x5fed19		4c899424b8000000	MOVQ R10, 0xb8(SP)								
  decide.go:130		0x5fed21		4885db			TESTQ BX, BX									
  decide.go:130		0x5fed24		0f859b000000		JNE 0x5fedc5									
  decide.go:131		0x5fed2a		440fb65c2476		MOVZX 0x76(SP), R11								
  decide.go:131		0x5fed30		4584db			TESTL R11, R11									
  decide.go:131		0x5fed33		0f84ef180000		JE 0x600628									
  decide.go:134		0x5fed39		488b9424e8020000	MOVQ 0x2e8(SP), DX								
  decide.go:134		0x5fed41		48891424		MOVQ DX, 0(SP)									
  decide.go:134		0x5fed45		488b9424d8000000	MOVQ 0xd8(SP), DX								
  decide.go:134		0x5fed4d		4889542408		MOVQ DX, 0x8(SP)								
  decide.go:134		0x5fed52		488b9424e0000000	MOVQ 0xe0(SP), DX								
  decide.go:134		0x5fed5a		4889542410		MOVQ DX, 0x10(SP)								
  decide.go:134		0x5fed5f		4889c3			MOVQ AX, BX									
  decide.go:134		0x5fed62		488b8c2428030000	MOVQ 0x328(SP), CX								
  decide.go:134		0x5fed6a		488bbc2478020000	MOVQ 0x278(SP), DI								
  decide.go:134		0x5fed72		4c8b842480020000	MOVQ 0x280(SP), R8								
  decide.go:134		0x5fed7a		4989f1			MOVQ SI, R9									
  decide.go:134		0x5fed7d		488b842460030000	MOVQ 0x360(SP), AX								
  decide.go:134		0x5fed85		488bb42430030000	MOVQ 0x330(SP), SI								
  decide.go:134		0x5fed8d		e88ea00000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).findOrInsert(SB)	
  decide.go:207		0x5fed92		488b9424a0000000	MOVQ 0xa0(SP), DX								
  decide.go:140		0x5fed9a		488bb42428010000	MOVQ 0x128(SP), SI								
  decide.go:140		0x5feda2		49b800096e88f1ffffff	MOVQ $0xfffffff1886e0900, R8							
  entry.go:176		0x5fedac		4c8b9424b8000000	MOVQ 0xb8(SP), R10								
  decide.go:136		0x5fedb4		4889cf			MOVQ CX, DI									
  decide.go:136		0x5fedb7		4889d9			MOVQ BX, CX									
  decide.go:136		0x5fedba		4889c3			MOVQ AX, BX									
  decide.go:140		0x5fedbd		488b842400030000	MOVQ 0x300(SP), AX								
  mutex.go:46		0x5fedc5		90			NOPL										
  decide.go:129		0x5fedc6		4989c1			MOVQ AX, R9									
  mutex.go:63		0x5fedc9		31c0			XORL AX, AX									
  mutex.go:63		0x5fedcb		41bc01000000		MOVL $0x1, R12									
  mutex.go:63		0x5fedd1		f0440fb123		LOCK CMPXCHGL R12, 0(BX)							
  mutex.go:63		0x5fedd6		410f94c4		SETE R12									
  mutex.go:63		0x5fedda		4584e4			TESTL R12, R12									
  mutex.go:63		0x5feddd		7562			JNE 0x5fee41									
  decide.go:136		0x5feddf		48898c2410030000	MOVQ CX, 0x310(SP)								
  decide.go:136		0x5fede7		48899c2408030000	MOVQ BX, 0x308(SP)								
  decide.go:136		0x5fedef		4889bc24f0020000	MOVQ DI, 0x2f0(SP)								
  mutex.go:70		0x5fedf7		4889d8			MOVQ BX, AX									
  mutex.go:70		0x5fedfa		e8e1a9e9ff		CALL internal/sync.(*Mutex).lockSlow(SB)					
  decide.go:151		0x5fedff		488b8c2410030000	MOVQ 0x310(SP), CX								
  decide.go:207		0x5fee07		488b9424a0000000	MOVQ 0xa0(SP), DX								
  type.go:147		0x5fee0f		488b9c2408030000	MOVQ 0x308(SP), BX								
  decide.go:140		0x5fee17		488bb42428010000	MOVQ 0x128(SP), SI								
  decide.go:151		0x5fee1f		488bbc24f0020000	MOVQ 0x2f0(SP), DI								
  decide.go:151		0x5fee27		49b800096e88f1ffffff	MOVQ $0xfffffff1886e0900, R8							
  decide.go:140		0x5fee31		4c8b8c2400030000	MOVQ 0x300(SP), R9								
  entry.go:176		0x5fee39		4c8b9424b8000000	MOVQ 0xb8(SP), R10								
  slots.go:113		0x5fee41		90			NOPL										
  type.go:147		0x5fee42		448b6320		MOVL 0x20(BX), R12								
  decide.go:137		0x5fee46		41f7c4c0000000		TESTL $0xc0, R12								
  decide.go:137		0x5fee4d		0f8494000000		JE 0x5feee7									
  decide.go:140		0x5fee53		48893424		MOVQ SI, 0(SP)									
  decide.go:140		0x5fee57		488b9424e8020000	MOVQ 0x2e8(SP), DX								
  decide.go:140		0x5fee5f		4889542408		MOVQ DX, 0x8(SP)								
  decide.go:140		0x5fee64		488b9424d8000000	MOVQ 0xd8(SP), DX								
  decide.go:140		0x5fee6c		4889542410		MOVQ DX, 0x10(SP)								
  decide.go:140		0x5fee71		488b9424e0000000	MOVQ 0xe0(SP), DX								
  decide.go:140		0x5fee79		4889542418		MOVQ DX, 0x18(SP)								
  decide.go:140		0x5fee7e		4c89542420		MOVQ R10, 0x20(SP)								
  decide.go:140		0x5fee83		488b842460030000	MOVQ 0x360(SP), AX								
  decide.go:140		0x5fee8b		4889fe			MOVQ DI, SI									
  decide.go:140		0x5fee8e		4c8b842428030000	MOVQ 0x328(SP), R8								
  decide.go:140		0x5fee96		4c8b942430030000	MOVQ 0x330(SP), R10								
  decide.go:140		0x5fee9e		4c8b9c2480020000	MOVQ 0x280(SP), R11								
  decide.go:140		0x5feea6		4889cf			MOVQ CX, DI									
  decide.go:140		0x5feea9		4889d9			MOVQ BX, CX									
  decide.go:140		0x5feeac		4c89cb			MOVQ R9, BX									
  decide.go:140		0x5feeaf		4c8b8c2478020000	MOVQ 0x278(SP), R9								
  decide.go:140		0x5feeb7		e884310000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).relock(SB)	
  decide.go:207		0x5feebc		488b9424a0000000	MOVQ 0xa0(SP), DX								
  decide.go:207		0x5feec4		49b800096e88f1ffffff	MOVQ $0xfffffff1886e0900, R8							
  stale.go:16		0x5feece		4c8b8c2400030000	MOVQ 0x300(SP), R9								
  entry.go:176		0x5feed6		4c8b9424b8000000	MOVQ 0xb8(SP), R10								
  decide.go:151		0x5feede		4889cf			MOVQ CX, DI									
  decide.go:151		0x5feee1		4889d9			MOVQ BX, CX									
  decide.go:151		0x5feee4		4889c3			MOVQ AX, BX									
  decide.go:151		0x5feee7		48899c2408030000	MOVQ BX, 0x308(SP)								
  decide.go:151		0x5feeef		48898c2410030000	MOVQ CX, 0x310(SP)								
  decide.go:151		0x5feef7		4889bc24f0020000	MOVQ DI, 0x2f0(SP)								
  entry.go:176		0x5feeff		4d85d2			TESTQ R10, R10									
  entry.go:176		0x5fef02		41bc00000000		MOVL $0x0, R12									
  entry.go:176		0x5fef08		4d89d5			MOVQ R10, R13									
  entry.go:176		0x5fef0b		4d0f4cd4		CMOVL R12, R10									
  entry.go:176		0x5fef0f		41bfffffffff		MOVL $-0x1, R15									
  entry.go:176		0x5fef15		4d39d7			CMPQ R15, R10									
  entry.go:176		0x5fef18		4d0f4cd7		CMOVL R15, R10									
  entry.go:176		0x5fef1c		44895308		MOVL R10, 0x8(BX)								
  entry.go:305		0x5fef20		440fb67b1e		MOVZX 0x1e(BX), R15								
  decide.go:152		0x5fef25		90			NOPL										
  stale.go:15		0x5fef26		90			NOPL										
  entry.go:305		0x5fef27		41f6c704		TESTL $0x4, R15									
  entry.go:176		0x5fef2b		7555			JNE 0x5fef82									
  stale.go:16		0x5fef2d		488b842460030000	MOVQ 0x360(SP), AX								
  stale.go:16		0x5fef35		4889cf			MOVQ CX, DI									
  stale.go:16		0x5fef38		4889d9			MOVQ BX, CX									
  stale.go:16		0x5fef3b		4c89cb			MOVQ R9, BX									
  stale.go:16		0x5fef3e		6690			NOPW										
  stale.go:16		0x5fef40		e87be50000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).markUnread(SB)	
  decide.go:163		0x5fef45		488b8c2410030000	MOVQ 0x310(SP), CX								
  decide.go:207		0x5fef4d		488b9424a0000000	MOVQ 0xa0(SP), DX								
  decide.go:163		0x5fef55		488b9c2408030000	MOVQ 0x308(SP), BX								
  decide.go:241		0x5fef5d		488bbc24f0020000	MOVQ 0x2f0(SP), DI								
  decide.go:241		0x5fef65		49b800096e88f1ffffff	MOVQ $0xfffffff1886e0900, R8							
  decide.go:316		0x5fef6f		4c8b8c2400030000	MOVQ 0x300(SP), R9								
  decide.go:316		0x5fef77		4531e4			XORL R12, R12									
  decide.go:316		0x5fef7a		4c8bac24b8000000	MOVQ 0xb8(SP), R13								
  decide.go:125		0x5fef82		4c8bbc2490030000	MOVQ 0x390(SP), R15								
  decide.go:125		0x5fef8a		498d4724		LEAQ 0x24(R15), AX								
  decide.go:157		0x5fef8e		4c8ba42460030000	MOVQ 0x360(SP), R12								
  decide.go:157		0x5fef96		660f1f840000000000	NOPW 0(AX)(AX*1)								
  decide.go:157		0x5fef9f		90			NOPL										
  decide.go:157		0x5fefa0		4d396718		CMPQ 0x18(R15), R12								
  decide.go:157		0x5fefa4		0f849e000000		JE 0x5ff048									
  decide.go:158		0x5fefaa		440fb6542476		MOVZX 0x76(SP), R10								
  decide.go:158		0x5fefb0		4584d2			TESTL R10, R10									
  decide.go:158		0x5fefb3		0f8440160000		JE 0x6005f9									
  decide.go:162		0x5fefb9		48c744247800000000	MOVQ $0x0, 0x78(SP)								
  decide.go:163		0x5fefc2		41840424		TESTB AL, 0(R12)								
  decide.go:163		0x5fefc6		498d9424a8000000	LEAQ 0xa8(R12), DX								
  decide.go:163		0x5fefce		4889d8			MOVQ BX, AX									
  decide.go:163		0x5fefd1		4889cb			MOVQ CX, BX									
  decide.go:163		0x5fefd4		4889d1			MOVQ DX, CX									
  decide.go:163		0x5fefd7		488bbc24e8020000	MOVQ 0x2e8(SP), DI								
  decide.go:163		0x5fefdf		488bb424d8000000	MOVQ 0xd8(SP), SI								
  decide.go:163		0x5fefe7		4c8b8424e0000000	MOVQ 0xe0(SP), R8								
  decide.go:163		0x5fefef		e8ecbb0000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.entry.sizesCode(SB)	
  decide.go:163		0x5feff4		488b1424		MOVQ 0(SP), DX									
  decide.go:163		0x5feff8		4889542478		MOVQ DX, 0x78(SP)								
  decide.go:263		0x5feffd		488b8c2410030000	MOVQ 0x310(SP), CX								
  decide.go:207		0x5ff005		488b9424a0000000	MOVQ 0xa0(SP), DX								
  decide.go:341		0x5ff00d		488b9c2408030000	MOVQ 0x308(SP), BX								
  decide.go:241		0x5ff015		488bbc24f0020000	MOVQ 0x2f0(SP), DI								
  decide.go:241		0x5ff01d		49b800096e88f1ffffff	MOVQ $0xfffffff1886e0900, R8							
  decide.go:316		0x5ff027		4c8b8c2400030000	MOVQ 0x300(SP), R9								
  decide.go:341		0x5ff02f		4c8ba42460030000	MOVQ 0x360(SP), R12								
  decide.go:316		0x5ff037		4c8bac24b8000000	MOVQ 0xb8(SP), R13								
  decide.go:197		0x5ff03f		89c6			MOVL AX, SI									
  decide.go:162		0x5ff041		488d442478		LEAQ 0x78(SP), AX								
  decide.go:164		0x5ff046		eb05			JMP 0x5ff04d									
  decide.go:197		0x5ff048		0fb6742476		MOVZX 0x76(SP), SI								
  decide.go:197		0x5ff04d		48898424f8020000	MOVQ AX, 0x2f8(SP)								
  decide.go:197		0x5ff055		4c8bbc24d8000000	MOVQ 0xd8(SP), R15								
  decide.go:197		0x5ff05d		0f1f00			NOPL 0(AX)									
  decide.go:197		0x5ff060		4983ff01		CMPQ R15, $0x1									
  decide.go:197		0x5ff064		0f8518080000		JNE 0x5ff882									
  decide.go:341		0x5ff06a		440fb6531e		MOVZX 0x1e(BX), R10								
  decide.go:341		0x5ff06f		41f6c220		TESTL $0x20, R10								
  decide.go:341		0x5ff073		0f8509080000		JNE 0x5ff882									
  decide.go:341		0x5ff079		41807c247800		CMPB 0x78(R12), $0x0								
  decide.go:341		0x5ff07f		90			NOPL										
  decide.go:197		0x5ff080		0f85fc070000		JNE 0x5ff882									
  decide.go:207		0x5ff086		440fb65b1f		MOVZX 0x1f(BX), R11								
  decide.go:207		0x5ff08b		4183e30f		ANDL $0xf, R11									
  decide.go:207		0x5ff08f		4438de			CMPL SI, R11									
  decide.go:207		0x5ff092		0f85ea070000		JNE 0x5ff882									
  decide.go:206		0x5ff098		448b18			MOVL 0(AX), R11									
  decide.go:206		0x5ff09b		44899c2484000000	MOVL R11, 0x84(SP)								
  decide.go:206		0x5ff0a3		4d63db			MOVSXD R11, R11									
  decide.go:206		0x5ff0a6		8b7b0c			MOVL 0xc(BX), DI								
  decide.go:207		0x5ff0a9		4829fa			SUBQ DI, DX									
  decide.go:207		0x5ff0ac		4c01c2			ADDQ R8, DX									
  decide.go:207		0x5ff0af		4939d3			CMPQ R11, DX									
  decide.go:207		0x5ff0b2		0f86ba070000		JBE 0x5ff872									
  decide.go:205		0x5ff0b8		0fb7531c		MOVZX 0x1c(BX), DX								
  decide.go:205		0x5ff0bc		4889942468020000	MOVQ DX, 0x268(SP)								
  time.go:189		0x5ff0c4		4d89eb			MOVQ R13, R11									
  decide.go:205		0x5ff0c7		4c8bac24e8020000	MOVQ 0x2e8(SP), R13								
  decide.go:205		0x5ff0cf		4d8b4500		MOVQ 0(R13), R8									
  decide.go:205		0x5ff0d3		4c89842460020000	MOVQ R8, 0x260(SP)								
  decide.go:205		0x5ff0db		0f1f440000		NOPL 0(AX)(AX*1)								
  decide.go:347		0x5ff0e0		4883fa01		CMPQ DX, $0x1									
  decide.go:347		0x5ff0e4		7e48			JLE 0x5ff12e									
  decide.go:347		0x5ff0e6		49c1f83f		SARQ $0x3f, R8									
  decide.go:347		0x5ff0ea		48b8cdcccccccccccccc	MOVQ $0xcccccccccccccccd, AX							
  decide.go:347		0x5ff0f4		4c8ba42460020000	MOVQ 0x260(SP), R12								
  decide.go:347		0x5ff0fc		49f7ec			IMULQ R12									
  decide.go:347		0x5ff0ff		498d0414		LEAQ 0(R12)(DX*1), AX								
  decide.go:347		0x5ff103		48c1f803		SARQ $0x3, AX									
  decide.go:347		0x5ff107		4c29c0			SUBQ R8, AX									
  decide.go:347		0x5ff10a		4c8ba42468020000	MOVQ 0x268(SP), R12								
  decide.go:347		0x5ff112		4939c4			CMPQ R12, AX									
  decide.go:207		0x5ff115		0f8f28070000		JG 0x5ff843									
  decide.go:207		0x5ff11b		4c89e2			MOVQ R12, DX									
  decide.go:212		0x5ff11e		4c8b842460020000	MOVQ 0x260(SP), R8								
  decide.go:341		0x5ff126		4c8ba42460030000	MOVQ 0x360(SP), R12								
  decide.go:207		0x5ff12e		488d820100ffff		LEAQ 0xffff0001(DX), AX								
  decide.go:207		0x5ff135		48f7d8			NEGQ AX										
  decide.go:207		0x5ff138		4c8ba42470020000	MOVQ 0x270(SP), R12								
  decide.go:207		0x5ff140		4939c4			CMPQ R12, AX									
  decide.go:207		0x5ff143		0f8fcb060000		JG 0x5ff814									
  decide.go:197		0x5ff149		4088742476		MOVB SI, 0x76(SP)								
  decide.go:208		0x5ff14e		48634314		MOVSXD 0x14(BX), AX								
  decide.go:208		0x5ff152		4889842458020000	MOVQ AX, 0x258(SP)								
  decide.go:209		0x5ff15a		4801d0			ADDQ DX, AX									
  decide.go:210		0x5ff15d		90			NOPL										
  time.go:182		0x5ff15e		4c8bbc2448030000	MOVQ 0x348(SP), R15								
  time.go:182		0x5ff166		490fbae73f		BTQ $0x3f, R15									
  time.go:182		0x5ff16b		732c			JAE 0x5ff199									
  time.go:183		0x5ff16d		4b8d343f		LEAQ 0(R15)(R15*1), SI								
  time.go:183		0x5ff171		48c1ee1f		SHRQ $0x1f, SI									
  time.go:183		0x5ff175		49bc807fb1d70d000000	MOVQ $0xdd7b17f80, R12								
  time.go:183		0x5ff17f		4c01e6			ADDQ R12, SI									
  decide.go:212		0x5ff182		4c8ba42470020000	MOVQ 0x270(SP), R12								
  time.go:1461		0x5ff18a		4889b42498000000	MOVQ SI, 0x98(SP)								
  decide.go:257		0x5ff192		0fb6742476		MOVZX 0x76(SP), SI								
  time.go:189		0x5ff197		eb20			JMP 0x5ff1b9									
  decide.go:209		0x5ff199		4889842400020000	MOVQ AX, 0x200(SP)								
  time.go:1461		0x5ff1a1		488b842450030000	MOVQ 0x350(SP), AX								
  time.go:1461		0x5ff1a9		4889842498000000	MOVQ AX, 0x98(SP)								
  window.go:149		0x5ff1b1		488b842400020000	MOVQ 0x200(SP), AX								
  decide.go:206		0x5ff1b9		4889bc2450020000	MOVQ DI, 0x250(SP)								
  decide.go:205		0x5ff1c1		498b7508		MOVQ 0x8(R13), SI								
  decide.go:205		0x5ff1c5		4889b42448020000	MOVQ SI, 0x248(SP)								
  decide.go:208		0x5ff1cd		48634b10		MOVSXD 0x10(BX), CX								
  decide.go:208		0x5ff1d1		48898c2440020000	MOVQ CX, 0x240(SP)								
  window.go:76		0x5ff1d9		4869ff00ca9a3b		IMULQ $0x3b9aca00, DI, DI							
  time.go:1461		0x5ff1e0		4c8bac2498000000	MOVQ 0x98(SP), R13								
  time.go:1461		0x5ff1e8		4d69ed00ca9a3b		IMULQ $0x3b9aca00, R13, R13							
  time.go:177		0x5ff1ef		4181e7ffffff3f		ANDL $0x3fffffff, R15								
  time.go:1461		0x5ff1f6		4d63ff			MOVSXD R15, R15									
  time.go:1461		0x5ff1f9		4d01fd			ADDQ R15, R13									
  window.go:76		0x5ff1fc		4929fd			SUBQ DI, R13									
  window.go:76		0x5ff1ff		49bf00001a3deb03b2a1	MOVQ $0xa1b203eb3d1a0000, R15							
  window.go:76		0x5ff209		4d01fd			ADDQ R15, R13									
  decide.go:211		0x5ff20c		90			NOPL										
  window.go:235		0x5ff20d		4d85ed			TESTQ R13, R13									
  window.go:235		0x5ff210		41bf00000000		MOVL $0x0, R15									
  window.go:235		0x5ff216		4d0f4cef		CMOVL R15, R13									
  window.go:235		0x5ff21a		4c39ee			CMPQ SI, R13									
  window.go:76		0x5ff21d		4c0f4cee		CMOVL SI, R13									
  window.go:76		0x5ff221		4c89ac24b0000000	MOVQ R13, 0xb0(SP)								
  window.go:148		0x5ff229		4885c9			TESTQ CX, CX									
  decide.go:128		0x5ff22c		4c89e7			MOVQ R12, DI									
  window.go:148		0x5ff22f		41bc00000000		MOVL $0x0, R12									
  window.go:148		0x5ff235		490f4ccc		CMOVL R12, CX									
  window.go:235		0x5ff239		4d85ed			TESTQ R13, R13									
  window.go:235		0x5ff23c		4d0f4cef		CMOVL R15, R13									
  window.go:235		0x5ff240		4c39ee			CMPQ SI, R13									
  window.go:148		0x5ff243		4c0f4cee		CMOVL SI, R13									
  window.go:148		0x5ff247		4c29ee			SUBQ R13, SI									
  window.go:226		0x5ff24a		4c8bbc2448020000	MOVQ 0x248(SP), R15								
  window.go:226		0x5ff252		4939f7			CMPQ R15, SI									
  window.go:235		0x5ff255		7434			JE 0x5ff28b									
  decide.go:209		0x5ff257		48898424a0010000	MOVQ AX, 0x1a0(SP)								
  window.go:229		0x5ff25f		4889c8			MOVQ CX, AX									
  decide.go:205		0x5ff262		4889d1			MOVQ DX, CX									
  window.go:229		0x5ff265		48f7e6			MULQ SI										
  window.go:230		0x5ff268		4d85ff			TESTQ R15, R15									
  window.go:230		0x5ff26b		0f8483130000		JE 0x6005f4									
  window.go:230		0x5ff271		4c39fa			CMPQ DX, R15									
  window.go:230		0x5ff274		0f8375130000		JAE 0x6005ef									
  window.go:230		0x5ff27a		49f7f7			DIVQ R15									
  share.go:108		0x5ff27d		4889ca			MOVQ CX, DX									
  window.go:148		0x5ff280		4889c1			MOVQ AX, CX									
  window.go:149		0x5ff283		488b8424a0010000	MOVQ 0x1a0(SP), AX								
  window.go:149		0x5ff28b		4885c0			TESTQ AX, AX									
  window.go:149		0x5ff28e		490f4cc4		CMOVL R12, AX									
  window.go:149		0x5ff292		4801c8			ADDQ CX, AX									
  window.go:148		0x5ff295		4c89e9			MOVQ R13, CX									
  window.go:149		0x5ff298		49bdffffffffffffff7f	MOVQ $0x7fffffffffffffff, R13							
  window.go:149		0x5ff2a2		4939c5			CMPQ R13, AX									
  window.go:97		0x5ff2a5		490f42c5		CMOVB R13, AX									
  decide.go:212		0x5ff2a9		4929c0			SUBQ AX, R8									
  decide.go:212		0x5ff2ac		4c89842438020000	MOVQ R8, 0x238(SP)								
  decide.go:212		0x5ff2b4		4d85c0			TESTQ R8, R8									
  decide.go:212		0x5ff2b7		4d0f4cc4		CMOVL R12, R8									
  decide.go:212		0x5ff2bb		4929f8			SUBQ DI, R8									
  decide.go:212		0x5ff2be		6690			NOPW										
  decide.go:216		0x5ff2c0		41f6c240		TESTL $0x40, R10								
  window.go:149		0x5ff2c4		7424			JE 0x5ff2ea									
  type.go:80		0x5ff2c6		4c8bac2460030000	MOVQ 0x360(SP), R13								
  type.go:80		0x5ff2ce		458b9570010000		MOVL 0x170(R13), R10								
  writers.go:80		0x5ff2d5		4585d2			TESTL R10, R10									
  writers.go:80		0x5ff2d8		740b			JE 0x5ff2e5									
  writers.go:80		0x5ff2da		450fb65520		MOVZX 0x20(R13), R10								
  writers.go:80		0x5ff2df		4183f201		XORL $0x1, R10									
  writers.go:80		0x5ff2e3		eb10			JMP 0x5ff2f5									
  writers.go:80		0x5ff2e5		4531d2			XORL R10, R10									
  writers.go:80		0x5ff2e8		eb0b			JMP 0x5ff2f5									
  decide.go:316		0x5ff2ea		4c8bac2460030000	MOVQ 0x360(SP), R13								
  decide.go:316		0x5ff2f2		4531d2			XORL R10, R10									
  window.go:148		0x5ff2f5		48898c2430020000	MOVQ CX, 0x230(SP)								
  window.go:148		0x5ff2fd		4889b42410010000	MOVQ SI, 0x110(SP)								
  window.go:97		0x5ff305		4889842428020000	MOVQ AX, 0x228(SP)								
  decide.go:212		0x5ff30d		4c89842408010000	MOVQ R8, 0x108(SP)								
  decide.go:216		0x5ff315		4584d2			TESTL R10, R10									
  decide.go:216		0x5ff318		0f8492010000		JE 0x5ff4b0									
  share.go:107		0x5ff31e		440fb66324		MOVZX 0x24(BX), R12								
  share.go:107		0x5ff323		440fb65325		MOVZX 0x25(BX), R10								
  share.go:107		0x5ff328		4d01e2			ADDQ R12, R10									
  share.go:108		0x5ff32b		4885d2			TESTQ DX, DX									
  share.go:108		0x5ff32e		7e0b			JLE 0x5ff33b									
  share.go:108		0x5ff330		4983fa08		CMPQ R10, $0x8									
  share.go:108		0x5ff334		7c05			JL 0x5ff33b									
  share.go:108		0x5ff336		4d39d4			CMPQ R12, R10									
  share.go:108		0x5ff339		7507			JNE 0x5ff342									
  decide.go:205		0x5ff33b		4989d2			MOVQ DX, R10									
  decide.go:205		0x5ff33e		6690			NOPW										
  decide.go:217		0x5ff340		eb26			JMP 0x5ff368									
  share.go:111		0x5ff342		4c0fafe2		IMULQ DX, R12									
  decide.go:577		0x5ff346		4c89e0			MOVQ R12, AX									
  decide.go:205		0x5ff349		4989d4			MOVQ DX, R12									
  decide.go:577		0x5ff34c		31d2			XORL DX, DX									
  decide.go:577		0x5ff34e		49f7f2			DIVQ R10									
  decide.go:578		0x5ff351		4885d2			TESTQ DX, DX									
  decide.go:578		0x5ff354		0f95c2			SETNE DL									
  share.go:111		0x5ff357		0fb6d2			MOVZX DL, DX									
  share.go:111		0x5ff35a		4801c2			ADDQ AX, DX									
  decide.go:221		0x5ff35d		488b842428020000	MOVQ 0x228(SP), AX								
  decide.go:217		0x5ff365		4d89e2			MOVQ R12, R10									
  decide.go:217		0x5ff368		4c39d2			CMPQ DX, R10									
  decide.go:217		0x5ff36b		7423			JE 0x5ff390									
  decide.go:316		0x5ff36d		488b8c2410030000	MOVQ 0x310(SP), CX								
  decide.go:316		0x5ff375		488bb424e8020000	MOVQ 0x2e8(SP), SI								
  decide.go:316		0x5ff37d		4989fc			MOVQ DI, R12									
  decide.go:316		0x5ff380		4d89dd			MOVQ R11, R13									
  decide.go:316		0x5ff383		4c8bbc24d8000000	MOVQ 0xd8(SP), R15								
  decide.go:218		0x5ff38b		e9d9110000		JMP 0x600569									
  decide.go:220		0x5ff390		498d8da8000000		LEAQ 0xa8(R13), CX								
  decide.go:220		0x5ff397		4889d8			MOVQ BX, AX									
  decide.go:220		0x5ff39a		488b9c2410030000	MOVQ 0x310(SP), BX								
  decide.go:220		0x5ff3a2		31ff			XORL DI, DI									
  decide.go:220		0x5ff3a4		e8d7ae0000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.entry.hotCounter(SB)	
  decide.go:220		0x5ff3a9		488d8424c8010000	LEAQ 0x1c8(SP), AX								
  decide.go:220		0x5ff3b1		4889e2			MOVQ SP, DX									
  decide.go:220		0x5ff3b4		440f1032		MOVUPS 0(DX), X14								
  decide.go:220		0x5ff3b8		440f1130		MOVUPS X14, 0(AX)								
  decide.go:220		0x5ff3bc		440f107210		MOVUPS 0x10(DX), X14								
  decide.go:220		0x5ff3c1		440f117010		MOVUPS X14, 0x10(AX)								
  decide.go:220		0x5ff3c6		440f107220		MOVUPS 0x20(DX), X14								
  decide.go:220		0x5ff3cb		440f117020		MOVUPS X14, 0x20(AX)								
  writers.go:87		0x5ff3d0		488bb42410030000	MOVQ 0x310(SP), SI								
  writers.go:87		0x5ff3d8		440fb6461f		MOVZX 0x1f(SI), R8								
  writers.go:87		0x5ff3dd		4589c1			MOVL R8, R9									
  writers.go:87		0x5ff3e0		4183e07f		ANDL $0x7f, R8									
  writers.go:88		0x5ff3e4		4180f980		CMPL R9, $0x80									
  writers.go:88		0x5ff3e8		7219			JB 0x5ff403									
  type.go:80		0x5ff3ea		4c8b942460030000	MOVQ 0x360(SP), R10								
  type.go:80		0x5ff3f2		458b9a70010000		MOVL 0x170(R10), R11								
  writers.go:89		0x5ff3f9		4d63db			MOVSXD R11, R11									
  writers.go:89		0x5ff3fc		4d39c3			CMPQ R11, R8									
  writers.go:89		0x5ff3ff		4d0f4fc3		CMOVG R11, R8									
  writers.go:91		0x5ff403		4d85c0			TESTQ R8, R8									
  decide.go:221		0x5ff406		41ba01000000		MOVL $0x1, R10									
  decide.go:221		0x5ff40c		4d0f4ec2		CMOVLE R10, R8									
  decide.go:221		0x5ff410		488b9c2460020000	MOVQ 0x260(SP), BX								
  decide.go:221		0x5ff418		488b8c2448020000	MOVQ 0x248(SP), CX								
  decide.go:221		0x5ff420		488bbc24b0000000	MOVQ 0xb0(SP), DI								
  decide.go:221		0x5ff428		488bb42428020000	MOVQ 0x228(SP), SI								
  decide.go:221		0x5ff430		4c8b8c2470020000	MOVQ 0x270(SP), R9								
  decide.go:221		0x5ff438		e823b20000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.shareRoomAt(SB)		
  decide.go:221		0x5ff43d		4c8b942470020000	MOVQ 0x270(SP), R10								
  decide.go:221		0x5ff445		4c29d0			SUBQ R10, AX									
  decide.go:221		0x5ff448		4c8b842408010000	MOVQ 0x108(SP), R8								
  decide.go:221		0x5ff450		4c39c0			CMPQ AX, R8									
  decide.go:221		0x5ff453		4c89c2			MOVQ R8, DX									
  decide.go:221		0x5ff456		480f4cd0		CMOVL AX, DX									
  decide.go:239		0x5ff45a		488b842428020000	MOVQ 0x228(SP), AX								
  window.go:198		0x5ff462		488b8c2430020000	MOVQ 0x230(SP), CX								
  decide.go:233		0x5ff46a		488b9c2408030000	MOVQ 0x308(SP), BX								
  decide.go:245		0x5ff472		488bb42410010000	MOVQ 0x110(SP), SI								
  decide.go:223		0x5ff47a		4c89d7			MOVQ R10, DI									
  decide.go:316		0x5ff47d		4c8b8c2400030000	MOVQ 0x300(SP), R9								
  decide.go:223		0x5ff485		4d89c2			MOVQ R8, R10									
  decide.go:316		0x5ff488		4c8b9c24b8000000	MOVQ 0xb8(SP), R11								
  decide.go:316		0x5ff490		4531e4			XORL R12, R12									
  decide.go:238		0x5ff493		4c8bac2460030000	MOVQ 0x360(SP), R13								
  decide.go:239		0x5ff49b		4c8bbc2448020000	MOVQ 0x248(SP), R15								
  decide.go:223		0x5ff4a3		4989d0			MOVQ DX, R8									
  decide.go:244		0x5ff4a6		488b942468020000	MOVQ 0x268(SP), DX								
  writers.go:91		0x5ff4ae		eb03			JMP 0x5ff4b3									
  decide.go:212		0x5ff4b0		4d89c2			MOVQ R8, R10									
  decide.go:223		0x5ff4b3		4d85c0			TESTQ R8, R8									
  decide.go:223		0x5ff4b6		0f8c0f030000		JL 0x5ff7cb									
  decide.go:223		0x5ff4bc		4c8bbc2438020000	MOVQ 0x238(SP), R15								
  decide.go:223		0x5ff4c4		4c39ff			CMPQ DI, R15									
  decide.go:223		0x5ff4c7		0f8ff2020000		JG 0x5ff7bf									
  decide.go:223		0x5ff4cd		49bfffffffffffffff7f	MOVQ $0x7fffffffffffffff, R15							
  decide.go:223		0x5ff4d7		660f1f840000000000	NOPW 0(AX)(AX*1)								
  decide.go:223		0x5ff4e0		4d39d7			CMPQ R15, R10									
  decide.go:223		0x5ff4e3		0f8eec020000		JLE 0x5ff7d5									
  decide.go:233		0x5ff4e9		440fb77b1e		MOVZX 0x1e(BX), R15								
  decide.go:233		0x5ff4ee		6641f7c780f0		TESTW $-0xf80, R15								
  decide.go:233		0x5ff4f4		0f8486000000		JE 0x5ff580									
  decide.go:223		0x5ff4fa		4c89842420010000	MOVQ R8, 0x120(SP)								
  decide.go:234		0x5ff502		498d8da8000000		LEAQ 0xa8(R13), CX								
  decide.go:234		0x5ff509		488bbc2468030000	MOVQ 0x368(SP), DI								
  decide.go:234		0x5ff511		4883c738		ADDQ $0x38, DI									
  decide.go:234		0x5ff515		4889d8			MOVQ BX, AX									
  decide.go:234		0x5ff518		488b9c2410030000	MOVQ 0x310(SP), BX								
  decide.go:234		0x5ff520		be01000000		MOVL $0x1, SI									
  decide.go:234		0x5ff525		4d89d8			MOVQ R11, R8									
  decide.go:234		0x5ff528		e833230000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.entry.reserveRest(SB)	
  decide.go:234		0x5ff52d		84c0			TESTL AL, AL									
  decide.go:234		0x5ff52f		0f844d020000		JE 0x5ff782									
  decide.go:239		0x5ff535		488b842428020000	MOVQ 0x228(SP), AX								
  window.go:198		0x5ff53d		488b8c2430020000	MOVQ 0x230(SP), CX								
  decide.go:244		0x5ff545		488b942468020000	MOVQ 0x268(SP), DX								
  entry.go:326		0x5ff54d		488b9c2408030000	MOVQ 0x308(SP), BX								
  decide.go:245		0x5ff555		488bb42410010000	MOVQ 0x110(SP), SI								
  decide.go:239		0x5ff55d		488bbc2470020000	MOVQ 0x270(SP), DI								
  decide.go:239		0x5ff565		4c8b842420010000	MOVQ 0x120(SP), R8								
  decide.go:568		0x5ff56d		4c8b942408010000	MOVQ 0x108(SP), R10								
  decide.go:568		0x5ff575		4531e4			XORL R12, R12									
  decide.go:238		0x5ff578		4c8bac2460030000	MOVQ 0x360(SP), R13								
  decide.go:565		0x5ff580		4c8b8c2460020000	MOVQ 0x260(SP), R9								
  decide.go:565		0x5ff588		4d85c9			TESTQ R9, R9									
  decide.go:565		0x5ff58b		7f08			JG 0x5ff595									
  decide.go:565		0x5ff58d		41ba01000000		MOVL $0x1, R10									
  decide.go:238		0x5ff593		eb7c			JMP 0x5ff611									
  decide.go:238		0x5ff595		450fb69da0000000	MOVZX 0xa0(R13), R11								
  decide.go:568		0x5ff59d		4d85d2			TESTQ R10, R10									
  decide.go:568		0x5ff5a0		4d0f4cd4		CMOVL R12, R10									
  decide.go:568		0x5ff5a4		4d39d1			CMPQ R9, R10									
  decide.go:568		0x5ff5a7		4d0f4cd1		CMOVL R9, R10									
  decide.go:568		0x5ff5ab		4d89cc			MOVQ R9, R12									
  decide.go:568		0x5ff5ae		4d29d1			SUBQ R10, R9									
  decide.go:569		0x5ff5b1		49baae47e17a14ae4701	MOVQ $0x147ae147ae147ae, R10							
  decide.go:569		0x5ff5bb		0f1f440000		NOPL 0(AX)(AX*1)								
  decide.go:569		0x5ff5c0		4d39d4			CMPQ R12, R10									
  decide.go:568		0x5ff5c3		7d17			JGE 0x5ff5dc									
  decide.go:570		0x5ff5c5		4d6bc964		IMULQ $0x64, R9, R9								
  decide.go:570		0x5ff5c9		4d0fafdc		IMULQ R12, R11									
  decide.go:570		0x5ff5cd		4d39d9			CMPQ R9, R11									
  decide.go:570		0x5ff5d0		410f9dc1		SETGE R9									
  decide.go:238		0x5ff5d4		4589ca			MOVL R9, R10									
  decide.go:239		0x5ff5d7		4d89e1			MOVQ R12, R9									
  decide.go:238		0x5ff5da		eb35			JMP 0x5ff611									
  window.go:97		0x5ff5dc		4989c2			MOVQ AX, R10									
  decide.go:572		0x5ff5df		48b80bd7a3703d0ad7a3	MOVQ $0xa3d70a3d70a3d70b, AX							
  decide.go:205		0x5ff5e9		4989d5			MOVQ DX, R13									
  decide.go:572		0x5ff5ec		49f7e4			MULQ R12									
  decide.go:572		0x5ff5ef		48c1ea06		SHRQ $0x6, DX									
  decide.go:572		0x5ff5f3		4c89c8			MOVQ R9, AX									
  decide.go:572		0x5ff5f6		4989d7			MOVQ DX, R15									
  decide.go:572		0x5ff5f9		31d2			XORL DX, DX									
  decide.go:572		0x5ff5fb		49f7f7			DIVQ R15									
  decide.go:572		0x5ff5fe		4c39d8			CMPQ AX, R11									
  decide.go:572		0x5ff601		410f9dc1		SETGE R9									
  decide.go:239		0x5ff605		4c89d0			MOVQ R10, AX									
  decide.go:244		0x5ff608		4c89ea			MOVQ R13, DX									
  decide.go:238		0x5ff60b		4589ca			MOVL R9, R10									
  decide.go:239		0x5ff60e		4d89e1			MOVQ R12, R9									
  decide.go:238		0x5ff611		4584d2			TESTL R10, R10									
  entry.go:325		0x5ff614		740f			JE 0x5ff625									
  entry.go:326		0x5ff616		440fb6531e		MOVZX 0x1e(BX), R10								
  entry.go:326		0x5ff61b		4183ca08		ORL $0x8, R10									
  entry.go:326		0x5ff61f		4488531e		MOVB R10, 0x1e(BX)								
  entry.go:326		0x5ff623		eb0d			JMP 0x5ff632									
  entry.go:328		0x5ff625		440fb6531e		MOVZX 0x1e(BX), R10								
  entry.go:328		0x5ff62a		4183e2f7		ANDL $-0x9, R10									
  entry.go:328		0x5ff62e		4488531e		MOVB R10, 0x1e(BX)								
  decide.go:239		0x5ff632		4c8b942468030000	MOVQ 0x368(SP), R10								
  decide.go:239		0x5ff63a		6641c7020101		MOVW $0x101, 0(R10)								
  decide.go:239		0x5ff640		4d894a08		MOVQ R9, 0x8(R10)								
  decide.go:239		0x5ff644		4c8b9c2448020000	MOVQ 0x248(SP), R11								
  decide.go:239		0x5ff64c		4d895a10		MOVQ R11, 0x10(R10)								
  decide.go:239		0x5ff650		4d894218		MOVQ R8, 0x18(R10)								
  decide.go:239		0x5ff654		4c8d0407		LEAQ 0(DI)(AX*1), R8								
  decide.go:239		0x5ff658		4d894220		MOVQ R8, 0x20(R10)								
  decide.go:244		0x5ff65c		4801fa			ADDQ DI, DX									
  decide.go:241		0x5ff65f		833d2a39570000		CMPL runtime.writeBarrier(SB), $0x0						
  decide.go:241		0x5ff666		7515			JNE 0x5ff67d									
  decide.go:244		0x5ff668		4c89d8			MOVQ R11, AX									
  decide.go:241		0x5ff66b		4c8b8424f0020000	MOVQ 0x2f0(SP), R8								
  decide.go:241		0x5ff673		4c8bac2410030000	MOVQ 0x310(SP), R13								
  decide.go:241		0x5ff67b		eb3b			JMP 0x5ff6b8									
  decide.go:241		0x5ff67d		4d8b4240		MOVQ 0x40(R10), R8								
  decide.go:241		0x5ff681		4d8b6248		MOVQ 0x48(R10), R12								
  decide.go:241		0x5ff685		4d8b6a38		MOVQ 0x38(R10), R13								
  decide.go:205		0x5ff689		4c89d8			MOVQ R11, AX									
  decide.go:241		0x5ff68c		e86f29e9ff		CALL runtime.gcWriteBarrier6(SB)						
  decide.go:241		0x5ff691		49891b			MOVQ BX, 0(R11)									
  decide.go:241		0x5ff694		4d896b08		MOVQ R13, 0x8(R11)								
  decide.go:241		0x5ff698		4c8bac2410030000	MOVQ 0x310(SP), R13								
  decide.go:241		0x5ff6a0		4d896b10		MOVQ R13, 0x10(R11)								
  decide.go:241		0x5ff6a4		4d894318		MOVQ R8, 0x18(R11)								
  decide.go:241		0x5ff6a8		4c8b8424f0020000	MOVQ 0x2f0(SP), R8								
  decide.go:241		0x5ff6b0		4d894320		MOVQ R8, 0x20(R11)								
  decide.go:241		0x5ff6b4		4d896328		MOVQ R12, 0x28(R11)								
  decide.go:241		0x5ff6b8		49895a38		MOVQ BX, 0x38(R10)								
  decide.go:241		0x5ff6bc		4d896a40		MOVQ R13, 0x40(R10)								
  decide.go:241		0x5ff6c0		4d894248		MOVQ R8, 0x48(R10)								
  decide.go:241		0x5ff6c4		49897a50		MOVQ DI, 0x50(R10)								
  decide.go:242		0x5ff6c8		8bb42484000000		MOVL 0x84(SP), SI								
  decide.go:242		0x5ff6cf		41897258		MOVL SI, 0x58(R10)								
  decide.go:242		0x5ff6d3		488bb42450020000	MOVQ 0x250(SP), SI								
  decide.go:242		0x5ff6db		49897268		MOVQ SI, 0x68(R10)								
  decide.go:243		0x5ff6df		6689531c		MOVW DX, 0x1c(BX)								
  decide.go:244		0x5ff6e3		4c89c9			MOVQ R9, CX									
  decide.go:244		0x5ff6e6		4889c7			MOVQ AX, DI									
  decide.go:244		0x5ff6e9		4889d8			MOVQ BX, AX									
  decide.go:244		0x5ff6ec		4889d3			MOVQ DX, BX									
  decide.go:244		0x5ff6ef		e8cc220000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*hotLine).weigh(SB)	
  decide.go:244		0x5ff6f4		488b942458020000	MOVQ 0x258(SP), DX								
  decide.go:244		0x5ff6fc		4801c2			ADDQ AX, DX									
  window.go:195		0x5ff6ff		90			NOPL										
  window.go:197		0x5ff700		4885d2			TESTQ DX, DX									
  window.go:235		0x5ff703		7e19			JLE 0x5ff71e									
  window.go:198		0x5ff705		488b8c2448020000	MOVQ 0x248(SP), CX								
  window.go:198		0x5ff70d		488d3409		LEAQ 0(CX)(CX*1), SI								
  window.go:198		0x5ff711		488b8c2430020000	MOVQ 0x230(SP), CX								
  window.go:198		0x5ff719		4829ce			SUBQ CX, SI									
  window.go:103		0x5ff71c		eb33			JMP 0x5ff751									
  window.go:148		0x5ff71e		488b8c2440020000	MOVQ 0x240(SP), CX								
  window.go:148		0x5ff726		4885c9			TESTQ CX, CX									
  window.go:199		0x5ff729		7e24			JLE 0x5ff74f									
  window.go:199		0x5ff72b		488b8c2448020000	MOVQ 0x248(SP), CX								
  window.go:199		0x5ff733		488b942430020000	MOVQ 0x230(SP), DX								
  window.go:199		0x5ff73b		0f1f440000		NOPL 0(AX)(AX*1)								
  window.go:199		0x5ff740		4839d1			CMPQ CX, DX									
  window.go:199		0x5ff743		7e0a			JLE 0x5ff74f									
  decide.go:245		0x5ff745		488bb42410010000	MOVQ 0x110(SP), SI								
  window.go:103		0x5ff74d		eb02			JMP 0x5ff751									
  window.go:103		0x5ff74f		31f6			XORL SI, SI									
  decide.go:245		0x5ff751		488b8c2468030000	MOVQ 0x368(SP), CX								
  decide.go:245		0x5ff759		48897130		MOVQ SI, 0x30(CX)								
  decide.go:246		0x5ff75d		90			NOPL										
  mutex.go:65		0x5ff75e		90			NOPL										
  mutex.go:194		0x5ff75f		bbffffffff		MOVL $-0x1, BX									
  mutex.go:194		0x5ff764		488b842408030000	MOVQ 0x308(SP), AX								
  mutex.go:194		0x5ff76c		f00fc118		LOCK XADDL BX, 0(AX)								
  mutex.go:194		0x5ff770		ffcb			DECL BX										
  mutex.go:195		0x5ff772		7405			JE 0x5ff779									
  mutex.go:198		0x5ff774		e847a3e9ff		CALL internal/sync.(*Mutex).unlockSlow(SB)					
  decide.go:247		0x5ff779		4881c438030000		ADDQ $0x338, SP									
  decide.go:247		0x5ff780		5d			POPQ BP										
  decide.go:247		0x5ff781		c3			RET										
  decide.go:316		0x5ff782		488b8c2410030000	MOVQ 0x310(SP), CX								
  decide.go:316		0x5ff78a		488b9c2408030000	MOVQ 0x308(SP), BX								
  decide.go:316		0x5ff792		488bb424e8020000	MOVQ 0x2e8(SP), SI								
  decide.go:316		0x5ff79a		4c8b8c2400030000	MOVQ 0x300(SP), R9								
  decide.go:316		0x5ff7a2		4c8ba42470020000	MOVQ 0x270(SP), R12								
  decide.go:316		0x5ff7aa		4c8bac24b8000000	MOVQ 0xb8(SP), R13								
  decide.go:316		0x5ff7b2		4c8bbc24d8000000	MOVQ 0xd8(SP), R15								
  decide.go:235		0x5ff7ba		e9aa0d0000		JMP 0x600569									
  decide.go:235		0x5ff7bf		49bfffffffffffffff7f	MOVQ $0x7fffffffffffffff, R15							
  decide.go:223		0x5ff7c9		eb0a			JMP 0x5ff7d5									
  decide.go:223		0x5ff7cb		49bfffffffffffffff7f	MOVQ $0x7fffffffffffffff, R15							
  decide.go:259		0x5ff7d5		488b8424f8020000	MOVQ 0x2f8(SP), AX								
  decide.go:263		0x5ff7dd		488b8c2410030000	MOVQ 0x310(SP), CX								
  decide.go:272		0x5ff7e5		488b9424a0000000	MOVQ 0xa0(SP), DX								
  decide.go:257		0x5ff7ed		0fb6742476		MOVZX 0x76(SP), SI								
  decide.go:304		0x5ff7f2		488bbc24f0020000	MOVQ 0x2f0(SP), DI								
  decide.go:304		0x5ff7fa		49b800096e88f1ffffff	MOVQ $0xfffffff1886e0900, R8							
  decide.go:341		0x5ff804		4d89ec			MOVQ R13, R12									
  decide.go:316		0x5ff807		4d89dd			MOVQ R11, R13									
  decide.go:257		0x5ff80a		4c8bbc24d8000000	MOVQ 0xd8(SP), R15								
  decide.go:223		0x5ff812		eb6e			JMP 0x5ff882									
  decide.go:259		0x5ff814		488b8424f8020000	MOVQ 0x2f8(SP), AX								
  decide.go:272		0x5ff81c		488b9424a0000000	MOVQ 0xa0(SP), DX								
  decide.go:304		0x5ff824		488bbc24f0020000	MOVQ 0x2f0(SP), DI								
  decide.go:304		0x5ff82c		49b800096e88f1ffffff	MOVQ $0xfffffff1886e0900, R8							
  decide.go:341		0x5ff836		4c8ba42460030000	MOVQ 0x360(SP), R12								
  decide.go:316		0x5ff83e		4d89dd			MOVQ R11, R13									
  decide.go:207		0x5ff841		eb3f			JMP 0x5ff882									
  decide.go:259		0x5ff843		488b8424f8020000	MOVQ 0x2f8(SP), AX								
  decide.go:272		0x5ff84b		488b9424a0000000	MOVQ 0xa0(SP), DX								
  decide.go:304		0x5ff853		488bbc24f0020000	MOVQ 0x2f0(SP), DI								
  decide.go:304		0x5ff85b		49b800096e88f1ffffff	MOVQ $0xfffffff1886e0900, R8							
  decide.go:341		0x5ff865		4c8ba42460030000	MOVQ 0x360(SP), R12								
  decide.go:316		0x5ff86d		4d89dd			MOVQ R11, R13									
  decide.go:207		0x5ff870		eb10			JMP 0x5ff882									
  decide.go:272		0x5ff872		488b9424a0000000	MOVQ 0xa0(SP), DX								
  decide.go:304		0x5ff87a		488bbc24f0020000	MOVQ 0x2f0(SP), DI								
  decide.go:257		0x5ff882		4983ff02		CMPQ R15, $0x2									
  decide.go:257		0x5ff886		0f85cd0c0000		JNE 0x600559									
  decide.go:257		0x5ff88c		4038731f		CMPB 0x1f(BX), SI								
  decide.go:257		0x5ff890		0f85c30c0000		JNE 0x600559									
  decide.go:341		0x5ff896		0fb6731e		MOVZX 0x1e(BX), SI								
  decide.go:341		0x5ff89a		660f1f440000		NOPW 0(AX)(AX*1)								
  decide.go:341		0x5ff8a0		40f6c620		TESTL $0x20, SI									
  decide.go:341		0x5ff8a4		0f85af0c0000		JNE 0x600559									
  decide.go:341		0x5ff8aa		41807c247800		CMPB 0x78(R12), $0x0								
  decide.go:257		0x5ff8b0		0f85a30c0000		JNE 0x600559									
  decide.go:263		0x5ff8b6		80791d00		CMPB 0x1d(CX), $0x0								
  decide.go:263		0x5ff8ba		740e			JE 0x5ff8ca									
  decide.go:265		0x5ff8bc		448b5120		MOVL 0x20(CX), R10								
  decide.go:266		0x5ff8c0		4c635924		MOVSXD 0x24(CX), R11								
  decide.go:266		0x5ff8c4		48637928		MOVSXD 0x28(CX), DI								
  decide.go:266		0x5ff8c8		eb27			JMP 0x5ff8f1									
  decide.go:268		0x5ff8ca		4c8b5108		MOVQ 0x8(CX), R10								
  decide.go:268		0x5ff8ce		4d8b5a08		MOVQ 0x8(R10), R11								
  decide.go:270		0x5ff8d2		90			NOPL										
  counter.go:70		0x5ff8d3		498b7a10		MOVQ 0x10(R10), DI								
  counter.go:70		0x5ff8d7		4d8b5218		MOVQ 0x18(R10), R10								
  decide.go:272		0x5ff8db		4d89d8			MOVQ R11, R8									
  decide.go:272		0x5ff8de		4989fb			MOVQ DI, R11									
  decide.go:272		0x5ff8e1		4c89d7			MOVQ R10, DI									
  decide.go:272		0x5ff8e4		4d89c2			MOVQ R8, R10									
  decide.go:272		0x5ff8e7		49b800096e88f1ffffff	MOVQ $0xfffffff1886e0900, R8							
  decide.go:341		0x5ff8f1		4088742477		MOVB SI, 0x77(SP)								
  decide.go:272		0x5ff8f6		4c899c24b0010000	MOVQ R11, 0x1b0(SP)								
  decide.go:259		0x5ff8fe		8b30			MOVL 0(AX), SI									
  decide.go:259		0x5ff900		89b42484000000		MOVL SI, 0x84(SP)								
  decide.go:259		0x5ff907		4863f6			MOVSXD SI, SI									
  decide.go:259		0x5ff90a		448b5b0c		MOVL 0xc(BX), R11								
  decide.go:272		0x5ff90e		4c29da			SUBQ R11, DX									
  decide.go:272		0x5ff911		4c01c2			ADDQ R8, DX									
  decide.go:272		0x5ff914		4839d6			CMPQ SI, DX									
  decide.go:272		0x5ff917		0f862a0c0000		JBE 0x600547									
  decide.go:259		0x5ff91d		4c899c2468020000	MOVQ R11, 0x268(SP)								
  decide.go:258		0x5ff925		0fb7531c		MOVZX 0x1c(BX), DX								
  decide.go:258		0x5ff929		4889942460020000	MOVQ DX, 0x260(SP)								
  decide.go:258		0x5ff931		488bb424e8020000	MOVQ 0x2e8(SP), SI								
  decide.go:258		0x5ff939		4c8b1e			MOVQ 0(SI), R11									
  decide.go:258		0x5ff93c		4c899c2458020000	MOVQ R11, 0x258(SP)								
  decide.go:347		0x5ff944		4883fa01		CMPQ DX, $0x1									
  decide.go:347		0x5ff948		7e50			JLE 0x5ff99a									
  decide.go:347		0x5ff94a		49c1fb3f		SARQ $0x3f, R11									
  decide.go:347		0x5ff94e		48b8cdcccccccccccccc	MOVQ $0xcccccccccccccccd, AX							
  decide.go:347		0x5ff958		4c8ba42458020000	MOVQ 0x258(SP), R12								
  decide.go:347		0x5ff960		49f7ec			IMULQ R12									
  decide.go:347		0x5ff963		498d0414		LEAQ 0(R12)(DX*1), AX								
  decide.go:347		0x5ff967		48c1f803		SARQ $0x3, AX									
  decide.go:347		0x5ff96b		4c29d8			SUBQ R11, AX									
  decide.go:347		0x5ff96e		4c8ba42460020000	MOVQ 0x260(SP), R12								
  decide.go:347		0x5ff976		4939c4			CMPQ R12, AX									
  decide.go:272		0x5ff979		0f8fbe0b0000		JG 0x60053d									
  decide.go:260		0x5ff97f		488b8424f8020000	MOVQ 0x2f8(SP), AX								
  decide.go:347		0x5ff987		4c89e2			MOVQ R12, DX									
  decide.go:279		0x5ff98a		4c8b9c2458020000	MOVQ 0x258(SP), R11								
  decide.go:316		0x5ff992		4c8ba42460030000	MOVQ 0x360(SP), R12								
  decide.go:260		0x5ff99a		8b4004			MOVL 0x4(AX), AX								
  decide.go:260		0x5ff99d		89842480000000		MOVL AX, 0x80(SP)								
  decide.go:260		0x5ff9a4		4863c0			MOVSXD AX, AX									
  decide.go:273		0x5ff9a7		4c8ba424a0000000	MOVQ 0xa0(SP), R12								
  decide.go:273		0x5ff9af		4d29d4			SUBQ R10, R12									
  decide.go:273		0x5ff9b2		4d01c4			ADDQ R8, R12									
  decide.go:273		0x5ff9b5		4c39e0			CMPQ AX, R12									
  decide.go:273		0x5ff9b8		0f86750b0000		JBE 0x600533									
  decide.go:258		0x5ff9be		4c8b6610		MOVQ 0x10(SI), R12								
  decide.go:347		0x5ff9c2		4883fa01		CMPQ DX, $0x1									
  decide.go:347		0x5ff9c6		7e39			JLE 0x5ffa01									
  decide.go:347		0x5ff9c8		4c89e0			MOVQ R12, AX									
  decide.go:347		0x5ff9cb		49c1fc3f		SARQ $0x3f, R12									
  decide.go:258		0x5ff9cf		4989c0			MOVQ AX, R8									
  decide.go:347		0x5ff9d2		48b8cdcccccccccccccc	MOVQ $0xcccccccccccccccd, AX							
  decide.go:347		0x5ff9dc		49f7e8			IMULQ R8									
  decide.go:347		0x5ff9df		4a8d0402		LEAQ 0(DX)(R8*1), AX								
  decide.go:347		0x5ff9e3		48c1f803		SARQ $0x3, AX									
  decide.go:347		0x5ff9e7		4c29e0			SUBQ R12, AX									
  decide.go:347		0x5ff9ea		4c8ba42460020000	MOVQ 0x260(SP), R12								
  decide.go:347		0x5ff9f2		4939c4			CMPQ R12, AX									
  decide.go:273		0x5ff9f5		0f8f2e0b0000		JG 0x600529									
  decide.go:273		0x5ff9fb		4c89e2			MOVQ R12, DX									
  decide.go:279		0x5ff9fe		4d89c4			MOVQ R8, R12									
  decide.go:273		0x5ffa01		488d820100ffff		LEAQ 0xffff0001(DX), AX								
  decide.go:273		0x5ffa08		48f7d8			NEGQ AX										
  decide.go:258		0x5ffa0b		4d89e0			MOVQ R12, R8									
  decide.go:273		0x5ffa0e		4c8ba42470020000	MOVQ 0x270(SP), R12								
  decide.go:273		0x5ffa16		4939c4			CMPQ R12, AX									
  decide.go:273		0x5ffa19		0f8f4a0b0000		JG 0x600569									
  decide.go:274		0x5ffa1f		48634314		MOVSXD 0x14(BX), AX								
  decide.go:275		0x5ffa23		4801d0			ADDQ DX, AX									
  decide.go:276		0x5ffa26		4801d7			ADDQ DX, DI									
  decide.go:277		0x5ffa29		90			NOPL										
  time.go:182		0x5ffa2a		4c8bbc2448030000	MOVQ 0x348(SP), R15								
  time.go:182		0x5ffa32		490fbae73f		BTQ $0x3f, R15									
  time.go:182		0x5ffa37		732f			JAE 0x5ffa68									
  time.go:183		0x5ffa39		4f8d0c3f		LEAQ 0(R15)(R15*1), R9								
  time.go:183		0x5ffa3d		49c1e91f		SHRQ $0x1f, R9									
  time.go:183		0x5ffa41		49bd807fb1d70d000000	MOVQ $0xdd7b17f80, R13								
  time.go:183		0x5ffa4b		4d01e9			ADDQ R13, R9									
  decide.go:316		0x5ffa4e		4c8bac24b8000000	MOVQ 0xb8(SP), R13								
  time.go:1461		0x5ffa56		4c898c2490000000	MOVQ R9, 0x90(SP)								
  decide.go:316		0x5ffa5e		4c8b8c2400030000	MOVQ 0x300(SP), R9								
  time.go:189		0x5ffa66		eb20			JMP 0x5ffa88									
  decide.go:275		0x5ffa68		48898424f8010000	MOVQ AX, 0x1f8(SP)								
  time.go:1461		0x5ffa70		488b842450030000	MOVQ 0x350(SP), AX								
  time.go:1461		0x5ffa78		4889842490000000	MOVQ AX, 0x90(SP)								
  window.go:149		0x5ffa80		488b8424f8010000	MOVQ 0x1f8(SP), AX								
  decide.go:258		0x5ffa88		4c8b4e08		MOVQ 0x8(SI), R9								
  window.go:76		0x5ffa8c		4c8bac2468020000	MOVQ 0x268(SP), R13								
  window.go:76		0x5ffa94		4d69ed00ca9a3b		IMULQ $0x3b9aca00, R13, R13							
  time.go:1461		0x5ffa9b		4c8ba42490000000	MOVQ 0x90(SP), R12								
  time.go:1461		0x5ffaa3		4d69e400ca9a3b		IMULQ $0x3b9aca00, R12, R12							
  time.go:177		0x5ffaaa		4181e7ffffff3f		ANDL $0x3fffffff, R15								
  time.go:1461		0x5ffab1		4d63ff			MOVSXD R15, R15									
  time.go:1461		0x5ffab4		4d01fc			ADDQ R15, R12									
  window.go:76		0x5ffab7		4d29ec			SUBQ R13, R12									
  window.go:76		0x5ffaba		49bd00001a3deb03b2a1	MOVQ $0xa1b203eb3d1a0000, R13							
  window.go:76		0x5ffac4		4d01ec			ADDQ R13, R12									
  decide.go:277		0x5ffac7		90			NOPL										
  window.go:235		0x5ffac8		4d85e4			TESTQ R12, R12									
  window.go:235		0x5ffacb		41bd00000000		MOVL $0x0, R13									
  window.go:235		0x5ffad1		4d0f4ce5		CMOVL R13, R12									
  window.go:235		0x5ffad5		4d39e1			CMPQ R9, R12									
  window.go:76		0x5ffad8		4d0f4ce1		CMOVL R9, R12									
  window.go:76		0x5ffadc		4c89a424a8000000	MOVQ R12, 0xa8(SP)								
  time.go:182		0x5ffae4		4c8ba42448030000	MOVQ 0x348(SP), R12								
  time.go:182		0x5ffaec		490fbae43f		BTQ $0x3f, R12									
  window.go:235		0x5ffaf1		7329			JAE 0x5ffb1c									
  time.go:183		0x5ffaf3		4d01e4			ADDQ R12, R12									
  time.go:183		0x5ffaf6		49c1ec1f		SHRQ $0x1f, R12									
  time.go:183		0x5ffafa		49bd807fb1d70d000000	MOVQ $0xdd7b17f80, R13								
  time.go:183		0x5ffb04		4d01ec			ADDQ R13, R12									
  time.go:183		0x5ffb07		4531ed			XORL R13, R13									
  time.go:1461		0x5ffb0a		4c89a42488000000	MOVQ R12, 0x88(SP)								
  decide.go:316		0x5ffb12		4c8ba42448030000	MOVQ 0x348(SP), R12								
  time.go:189		0x5ffb1a		eb13			JMP 0x5ffb2f									
  time.go:1461		0x5ffb1c		4c8bac2450030000	MOVQ 0x350(SP), R13								
  time.go:1461		0x5ffb24		4c89ac2488000000	MOVQ R13, 0x88(SP)								
  time.go:1461		0x5ffb2c		4531ed			XORL R13, R13									
  decide.go:275		0x5ffb2f		48898424c0010000	MOVQ AX, 0x1c0(SP)								
  decide.go:258		0x5ffb37		4c898c2448020000	MOVQ R9, 0x248(SP)								
  decide.go:272		0x5ffb3f		4c899424a8010000	MOVQ R10, 0x1a8(SP)								
  decide.go:258		0x5ffb47		488b7618		MOVQ 0x18(SI), SI								
  decide.go:274		0x5ffb4b		4c636310		MOVSXD 0x10(BX), R12								
  decide.go:274		0x5ffb4f		4c89a42450020000	MOVQ R12, 0x250(SP)								
  window.go:76		0x5ffb57		4d69d200ca9a3b		IMULQ $0x3b9aca00, R10, R10							
  time.go:1461		0x5ffb5e		4c8ba42488000000	MOVQ 0x88(SP), R12								
  time.go:1461		0x5ffb66		4d69e400ca9a3b		IMULQ $0x3b9aca00, R12, R12							
  time.go:1461		0x5ffb6d		4d01fc			ADDQ R15, R12									
  window.go:76		0x5ffb70		4d29d4			SUBQ R10, R12									
  window.go:76		0x5ffb73		49bf00001a3deb03b2a1	MOVQ $0xa1b203eb3d1a0000, R15							
  window.go:76		0x5ffb7d		4d01fc			ADDQ R15, R12									
  decide.go:278		0x5ffb80		90			NOPL										
  window.go:235		0x5ffb81		4d85e4			TESTQ R12, R12									
  window.go:235		0x5ffb84		4d0f4ce5		CMOVL R13, R12									
  window.go:235		0x5ffb88		4c39e6			CMPQ SI, R12									
  window.go:76		0x5ffb8b		4c0f4ce6		CMOVL SI, R12									
  window.go:148		0x5ffb8f		4c8bbc2450020000	MOVQ 0x250(SP), R15								
  window.go:148		0x5ffb97		4d85ff			TESTQ R15, R15									
  window.go:76		0x5ffb9a		4d89e2			MOVQ R12, R10									
  window.go:148		0x5ffb9d		41bc00000000		MOVL $0x0, R12									
  window.go:148		0x5ffba3		4d0f4cfc		CMOVL R12, R15									
  window.go:235		0x5ffba7		4c8ba424a8000000	MOVQ 0xa8(SP), R12								
  window.go:235		0x5ffbaf		4d85e4			TESTQ R12, R12									
  window.go:235		0x5ffbb2		4d0f4ce5		CMOVL R13, R12									
  window.go:235		0x5ffbb6		4d39e1			CMPQ R9, R12									
  window.go:148		0x5ffbb9		4d0f4ce1		CMOVL R9, R12									
  window.go:148		0x5ffbbd		4d29e1			SUBQ R12, R9									
  window.go:226		0x5ffbc0		4c8ba42448020000	MOVQ 0x248(SP), R12								
  window.go:226		0x5ffbc8		4d39cc			CMPQ R12, R9									
  window.go:235		0x5ffbcb		742d			JE 0x5ffbfa									
  window.go:229		0x5ffbcd		4c89c8			MOVQ R9, AX									
  decide.go:258		0x5ffbd0		4989d1			MOVQ DX, R9									
  window.go:229		0x5ffbd3		49f7e7			MULQ R15									
  window.go:230		0x5ffbd6		4d85e4			TESTQ R12, R12									
  window.go:230		0x5ffbd9		0f840b0a0000		JE 0x6005ea									
  window.go:230		0x5ffbdf		90			NOPL										
  window.go:230		0x5ffbe0		4c39e2			CMPQ DX, R12									
  window.go:230		0x5ffbe3		0f83fc090000		JAE 0x6005e5									
  window.go:230		0x5ffbe9		49f7f4			DIVQ R12									
  share.go:108		0x5ffbec		4c89ca			MOVQ R9, DX									
  window.go:148		0x5ffbef		4989c7			MOVQ AX, R15									
  window.go:149		0x5ffbf2		488b8424c0010000	MOVQ 0x1c0(SP), AX								
  window.go:76		0x5ffbfa		4c89942430020000	MOVQ R10, 0x230(SP)								
  decide.go:258		0x5ffc02		4889b42420020000	MOVQ SI, 0x220(SP)								
  decide.go:278		0x5ffc0a		90			NOPL										
  window.go:149		0x5ffc0b		4885c0			TESTQ AX, AX									
  decide.go:258		0x5ffc0e		4d89e1			MOVQ R12, R9									
  window.go:149		0x5ffc11		41bc00000000		MOVL $0x0, R12									
  window.go:149		0x5ffc17		490f4cc4		CMOVL R12, AX									
  window.go:149		0x5ffc1b		4901c7			ADDQ AX, R15									
  window.go:149		0x5ffc1e		49bdffffffffffffff7f	MOVQ $0x7fffffffffffffff, R13							
  window.go:149		0x5ffc28		4d39fd			CMPQ R13, R15									
  window.go:97		0x5ffc2b		4d0f42fd		CMOVB R13, R15									
  window.go:148		0x5ffc2f		4c8bac24b0010000	MOVQ 0x1b0(SP), R13								
  window.go:148		0x5ffc37		4d85ed			TESTQ R13, R13									
  window.go:148		0x5ffc3a		4c89e8			MOVQ R13, AX									
  window.go:148		0x5ffc3d		4d0f4cec		CMOVL R12, R13									
  window.go:235		0x5ffc41		4d85d2			TESTQ R10, R10									
  window.go:235		0x5ffc44		41bc00000000		MOVL $0x0, R12									
  window.go:235		0x5ffc4a		4d0f4cd4		CMOVL R12, R10									
  window.go:235		0x5ffc4e		4c39d6			CMPQ SI, R10									
  window.go:148		0x5ffc51		4c0f4cd6		CMOVL SI, R10									
  window.go:148		0x5ffc55		4c29d6			SUBQ R10, SI									
  window.go:226		0x5ffc58		4c8ba42420020000	MOVQ 0x220(SP), R12								
  window.go:226		0x5ffc60		4939f4			CMPQ R12, SI									
  window.go:149		0x5ffc63		750b			JNE 0x5ffc70									
  share.go:108		0x5ffc65		4889d6			MOVQ DX, SI									
  decide.go:295		0x5ffc68		4989c2			MOVQ AX, R10									
  window.go:148		0x5ffc6b		4c89e8			MOVQ R13, AX									
  window.go:148		0x5ffc6e		eb25			JMP 0x5ffc95									
  decide.go:272		0x5ffc70		4989c2			MOVQ AX, R10									
  window.go:229		0x5ffc73		4889f0			MOVQ SI, AX									
  decide.go:258		0x5ffc76		4889d6			MOVQ DX, SI									
  window.go:229		0x5ffc79		49f7e5			MULQ R13									
  window.go:229		0x5ffc7c		0f1f4000		NOPL 0(AX)									
  window.go:230		0x5ffc80		4d85e4			TESTQ R12, R12									
  window.go:230		0x5ffc83		0f8457090000		JE 0x6005e0									
  window.go:230		0x5ffc89		4c39e2			CMPQ DX, R12									
  window.go:230		0x5ffc8c		0f8345090000		JAE 0x6005d7									
  window.go:230		0x5ffc92		49f7f4			DIVQ R12									
  decide.go:276		0x5ffc95		4889bc24b8010000	MOVQ DI, 0x1b8(SP)								
  decide.go:279		0x5ffc9d		4d29fb			SUBQ R15, R11									
  decide.go:279		0x5ffca0		4c899c2440020000	MOVQ R11, 0x240(SP)								
  decide.go:279		0x5ffca8		4d85db			TESTQ R11, R11									
  decide.go:279		0x5ffcab		41bd00000000		MOVL $0x0, R13									
  decide.go:279		0x5ffcb1		4d0f4cdd		CMOVL R13, R11									
  decide.go:279		0x5ffcb5		488b942470020000	MOVQ 0x270(SP), DX								
  decide.go:279		0x5ffcbd		4929d3			SUBQ DX, R11									
  window.go:149		0x5ffcc0		4885ff			TESTQ DI, DI									
  window.go:149		0x5ffcc3		490f4cfd		CMOVL R13, DI									
  window.go:149		0x5ffcc7		4801f8			ADDQ DI, AX									
  decide.go:258		0x5ffcca		4c89e7			MOVQ R12, DI									
  window.go:149		0x5ffccd		49bcffffffffffffff7f	MOVQ $0x7fffffffffffffff, R12							
  window.go:149		0x5ffcd7		4939c4			CMPQ R12, AX									
  window.go:97		0x5ffcda		490f42c4		CMOVB R12, AX									
  decide.go:279		0x5ffcde		4d89c4			MOVQ R8, R12									
  decide.go:279		0x5ffce1		4929c0			SUBQ AX, R8									
  decide.go:279		0x5ffce4		4c89842438020000	MOVQ R8, 0x238(SP)								
  decide.go:279		0x5ffcec		4d85c0			TESTQ R8, R8									
  decide.go:279		0x5ffcef		4d0f4cc5		CMOVL R13, R8									
  decide.go:279		0x5ffcf3		4929d0			SUBQ DX, R8									
  decide.go:281		0x5ffcf6		440fb66c2477		MOVZX 0x77(SP), R13								
  decide.go:281		0x5ffcfc		0f1f4000		NOPL 0(AX)									
  decide.go:281		0x5ffd00		41f6c540		TESTL $0x40, R13								
  window.go:149		0x5ffd04		7421			JE 0x5ffd27									
  type.go:80		0x5ffd06		4c8bac2460030000	MOVQ 0x360(SP), R13								
  type.go:80		0x5ffd0e		418b8d70010000		MOVL 0x170(R13), CX								
  writers.go:80		0x5ffd15		85c9			TESTL CX, CX									
  writers.go:80		0x5ffd17		740a			JE 0x5ffd23									
  writers.go:80		0x5ffd19		410fb64d20		MOVZX 0x20(R13), CX								
  writers.go:80		0x5ffd1e		83f101			XORL $0x1, CX									
  writers.go:80		0x5ffd21		eb0e			JMP 0x5ffd31									
  writers.go:80		0x5ffd23		31c9			XORL CX, CX									
  writers.go:80		0x5ffd25		eb0a			JMP 0x5ffd31									
  type.go:80		0x5ffd27		4c8bac2460030000	MOVQ 0x360(SP), R13								
  type.go:80		0x5ffd2f		31c9			XORL CX, CX									
  decide.go:279		0x5ffd31		4c899c2400010000	MOVQ R11, 0x100(SP)								
  decide.go:279		0x5ffd39		4c898424f8000000	MOVQ R8, 0xf8(SP)								
  decide.go:258		0x5ffd41		4c89a42418020000	MOVQ R12, 0x218(SP)								
  decide.go:281		0x5ffd49		84c9			TESTL CL, CL									
  decide.go:281		0x5ffd4b		0f84ce020000		JE 0x60001f									
  window.go:97		0x5ffd51		4889842428020000	MOVQ AX, 0x228(SP)								
  share.go:107		0x5ffd59		0fb64b24		MOVZX 0x24(BX), CX								
  share.go:107		0x5ffd5d		440fb65325		MOVZX 0x25(BX), R10								
  share.go:107		0x5ffd62		4901ca			ADDQ CX, R10									
  share.go:108		0x5ffd65		4885f6			TESTQ SI, SI									
  share.go:108		0x5ffd68		7e0b			JLE 0x5ffd75									
  share.go:108		0x5ffd6a		4983fa08		CMPQ R10, $0x8									
  share.go:108		0x5ffd6e		7c05			JL 0x5ffd75									
  share.go:108		0x5ffd70		4c39d1			CMPQ CX, R10									
  share.go:108		0x5ffd73		7505			JNE 0x5ffd7a									
  decide.go:258		0x5ffd75		4889f1			MOVQ SI, CX									
  decide.go:282		0x5ffd78		eb2e			JMP 0x5ffda8									
  share.go:111		0x5ffd7a		480fafce		IMULQ SI, CX									
  decide.go:578		0x5ffd7e		4889c8			MOVQ CX, AX									
  decide.go:578		0x5ffd81		31d2			XORL DX, DX									
  decide.go:578		0x5ffd83		49f7f2			DIVQ R10									
  decide.go:578		0x5ffd86		4885d2			TESTQ DX, DX									
  decide.go:578		0x5ffd89		0f95c2			SETNE DL									
  share.go:111		0x5ffd8c		0fb6d2			MOVZX DL, DX									
  share.go:111		0x5ffd8f		4801c2			ADDQ AX, DX									
  decide.go:288		0x5ffd92		488b842428020000	MOVQ 0x228(SP), AX								
  decide.go:282		0x5ffd9a		4889f1			MOVQ SI, CX									
  decide.go:282		0x5ffd9d		4889d6			MOVQ DX, SI									
  decide.go:316		0x5ffda0		488b942470020000	MOVQ 0x270(SP), DX								
  decide.go:282		0x5ffda8		4839ce			CMPQ SI, CX									
  decide.go:282		0x5ffdab		7430			JE 0x5ffddd									
  decide.go:316		0x5ffdad		488b8c2410030000	MOVQ 0x310(SP), CX								
  decide.go:316		0x5ffdb5		488bb424e8020000	MOVQ 0x2e8(SP), SI								
  decide.go:316		0x5ffdbd		4c8b8c2400030000	MOVQ 0x300(SP), R9								
  decide.go:316		0x5ffdc5		4989d4			MOVQ DX, R12									
  decide.go:316		0x5ffdc8		4c8bac24b8000000	MOVQ 0xb8(SP), R13								
  decide.go:316		0x5ffdd0		4c8bbc24d8000000	MOVQ 0xd8(SP), R15								
  decide.go:283		0x5ffdd8		e98c070000		JMP 0x600569									
  window.go:97		0x5ffddd		4c89bc2410020000	MOVQ R15, 0x210(SP)								
  writers.go:87		0x5ffde5		488bb42410030000	MOVQ 0x310(SP), SI								
  writers.go:87		0x5ffded		440fb6561f		MOVZX 0x1f(SI), R10								
  writers.go:87		0x5ffdf2		4488542477		MOVB R10, 0x77(SP)								
  writers.go:87		0x5ffdf7		4183e27f		ANDL $0x7f, R10									
  writers.go:88		0x5ffdfb		440fb6442477		MOVZX 0x77(SP), R8								
  writers.go:88		0x5ffe01		4180f880		CMPL R8, $0x80									
  writers.go:88		0x5ffe05		7211			JB 0x5ffe18									
  type.go:80		0x5ffe07		458b8570010000		MOVL 0x170(R13), R8								
  writers.go:89		0x5ffe0e		4d63c0			MOVSXD R8, R8									
  writers.go:89		0x5ffe11		4d39d0			CMPQ R8, R10									
  writers.go:89		0x5ffe14		4d0f4fd0		CMOVG R8, R10									
  decide.go:285		0x5ffe18		4c899424c8000000	MOVQ R10, 0xc8(SP)								
  decide.go:286		0x5ffe20		498d8da8000000		LEAQ 0xa8(R13), CX								
  decide.go:286		0x5ffe27		48898c2420030000	MOVQ CX, 0x320(SP)								
  decide.go:286		0x5ffe2f		4889d8			MOVQ BX, AX									
  decide.go:286		0x5ffe32		4889f3			MOVQ SI, BX									
  decide.go:286		0x5ffe35		31ff			XORL DI, DI									
  decide.go:286		0x5ffe37		e844a40000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.entry.hotCounter(SB)	
  decide.go:286		0x5ffe3c		488d9424b8020000	LEAQ 0x2b8(SP), DX								
  decide.go:286		0x5ffe44		4889e6			MOVQ SP, SI									
  decide.go:286		0x5ffe47		440f1036		MOVUPS 0(SI), X14								
  decide.go:286		0x5ffe4b		440f1132		MOVUPS X14, 0(DX)								
  decide.go:286		0x5ffe4f		440f107610		MOVUPS 0x10(SI), X14								
  decide.go:286		0x5ffe54		440f117210		MOVUPS X14, 0x10(DX)								
  decide.go:286		0x5ffe59		440f107620		MOVUPS 0x20(SI), X14								
  decide.go:286		0x5ffe5e		440f117220		MOVUPS X14, 0x20(DX)								
  decide.go:286		0x5ffe63		488b842408030000	MOVQ 0x308(SP), AX								
  decide.go:286		0x5ffe6b		488b9c2410030000	MOVQ 0x310(SP), BX								
  decide.go:286		0x5ffe73		488b8c2420030000	MOVQ 0x320(SP), CX								
  decide.go:286		0x5ffe7b		bf01000000		MOVL $0x1, DI									
  decide.go:286		0x5ffe80		e8fba30000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.entry.hotCounter(SB)	
  decide.go:286		0x5ffe85		488d942488020000	LEAQ 0x288(SP), DX								
  decide.go:286		0x5ffe8d		4889e6			MOVQ SP, SI									
  decide.go:286		0x5ffe90		440f1036		MOVUPS 0(SI), X14								
  decide.go:286		0x5ffe94		440f1132		MOVUPS X14, 0(DX)								
  decide.go:286		0x5ffe98		440f107610		MOVUPS 0x10(SI), X14								
  decide.go:286		0x5ffe9d		440f117210		MOVUPS X14, 0x10(DX)								
  decide.go:286		0x5ffea2		440f107620		MOVUPS 0x20(SI), X14								
  decide.go:286		0x5ffea7		440f117220		MOVUPS X14, 0x20(DX)								
  decide.go:286		0x5ffeac		488d842460010000	LEAQ 0x160(SP), AX								
  decide.go:286		0x5ffeb4		4c8d8424b8020000	LEAQ 0x2b8(SP), R8								
  decide.go:286		0x5ffebc		450f1030		MOVUPS 0(R8), X14								
  decide.go:286		0x5ffec0		440f1130		MOVUPS X14, 0(AX)								
  decide.go:286		0x5ffec4		450f107010		MOVUPS 0x10(R8), X14								
  decide.go:286		0x5ffec9		440f117010		MOVUPS X14, 0x10(AX)								
  decide.go:286		0x5ffece		450f107020		MOVUPS 0x20(R8), X14								
  decide.go:286		0x5ffed3		440f117020		MOVUPS X14, 0x20(AX)								
  decide.go:286		0x5ffed8		4c8d842430010000	LEAQ 0x130(SP), R8								
  decide.go:286		0x5ffee0		440f1032		MOVUPS 0(DX), X14								
  decide.go:286		0x5ffee4		450f1130		MOVUPS X14, 0(R8)								
  decide.go:286		0x5ffee8		440f107210		MOVUPS 0x10(DX), X14								
  decide.go:286		0x5ffeed		450f117010		MOVUPS X14, 0x10(R8)								
  decide.go:286		0x5ffef2		440f107220		MOVUPS 0x20(DX), X14								
  decide.go:286		0x5ffef7		450f117020		MOVUPS X14, 0x20(R8)								
  writers.go:91		0x5ffefc		4c8b8424c8000000	MOVQ 0xc8(SP), R8								
  writers.go:91		0x5fff04		4d85c0			TESTQ R8, R8									
  decide.go:285		0x5fff07		ba01000000		MOVL $0x1, DX									
  decide.go:285		0x5fff0c		4c0f4ec2		CMOVLE DX, R8									
  decide.go:285		0x5fff10		4c898424c0000000	MOVQ R8, 0xc0(SP)								
  decide.go:287		0x5fff18		488b9c2458020000	MOVQ 0x258(SP), BX								
  decide.go:287		0x5fff20		488b8c2448020000	MOVQ 0x248(SP), CX								
  decide.go:287		0x5fff28		488bbc24a8000000	MOVQ 0xa8(SP), DI								
  decide.go:287		0x5fff30		4c8b8c2470020000	MOVQ 0x270(SP), R9								
  decide.go:287		0x5fff38		488bb42410020000	MOVQ 0x210(SP), SI								
  decide.go:287		0x5fff40		e81ba70000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.shareRoomAt(SB)		
  decide.go:287		0x5fff45		4889842408020000	MOVQ AX, 0x208(SP)								
  decide.go:288		0x5fff4d		488d842430010000	LEAQ 0x130(SP), AX								
  decide.go:288		0x5fff55		488b9c2418020000	MOVQ 0x218(SP), BX								
  decide.go:288		0x5fff5d		488b8c2420020000	MOVQ 0x220(SP), CX								
  decide.go:288		0x5fff65		488bbc2430020000	MOVQ 0x230(SP), DI								
  decide.go:288		0x5fff6d		488bb42428020000	MOVQ 0x228(SP), SI								
  decide.go:288		0x5fff75		4c8b8424c0000000	MOVQ 0xc0(SP), R8								
  decide.go:288		0x5fff7d		4c8b8c2470020000	MOVQ 0x270(SP), R9								
  decide.go:288		0x5fff85		e8d6a60000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.shareRoomAt(SB)		
  decide.go:287		0x5fff8a		488b942408020000	MOVQ 0x208(SP), DX								
  decide.go:287		0x5fff92		4c8b942470020000	MOVQ 0x270(SP), R10								
  decide.go:287		0x5fff9a		4c29d2			SUBQ R10, DX									
  decide.go:288		0x5fff9d		4c29d0			SUBQ R10, AX									
  decide.go:287		0x5fffa0		4c8b9c2400010000	MOVQ 0x100(SP), R11								
  decide.go:287		0x5fffa8		4c39da			CMPQ DX, R11									
  decide.go:288		0x5fffab		4c89de			MOVQ R11, SI									
  decide.go:288		0x5fffae		480f4cf2		CMOVL DX, SI									
  decide.go:288		0x5fffb2		4c8b8424f8000000	MOVQ 0xf8(SP), R8								
  decide.go:288		0x5fffba		4c39c0			CMPQ AX, R8									
  decide.go:288		0x5fffbd		4c89c2			MOVQ R8, DX									
  decide.go:288		0x5fffc0		480f4cd0		CMOVL AX, DX									
  decide.go:295		0x5fffc4		488b842428020000	MOVQ 0x228(SP), AX								
  decide.go:568		0x5fffcc		4c89d9			MOVQ R11, CX									
  decide.go:296		0x5fffcf		488b9c2408030000	MOVQ 0x308(SP), BX								
  decide.go:295		0x5fffd7		488bbc2420020000	MOVQ 0x220(SP), DI								
  decide.go:295		0x5fffdf		4c8b8c2448020000	MOVQ 0x248(SP), R9								
  decide.go:295		0x5fffe7		4c8b9424b0010000	MOVQ 0x1b0(SP), R10								
  decide.go:295		0x5fffef		4c8ba42418020000	MOVQ 0x218(SP), R12								
  decide.go:316		0x5ffff7		4c8bac2460030000	MOVQ 0x360(SP), R13								
  decide.go:295		0x5fffff		4c8bbc2410020000	MOVQ 0x210(SP), R15								
  decide.go:291		0x600007		4989f3			MOVQ SI, R11									
  decide.go:291		0x60000a		4989d0			MOVQ DX, R8									
  decide.go:295		0x60000d		488b942470020000	MOVQ 0x270(SP), DX								
  decide.go:307		0x600015		488bb42460020000	MOVQ 0x260(SP), SI								
  writers.go:91		0x60001d		eb03			JMP 0x600022									
  decide.go:279		0x60001f		4c89d9			MOVQ R11, CX									
  decide.go:292		0x600022		4d39d8			CMPQ R8, R11									
  decide.go:295		0x600025		4c8bac24a8000000	MOVQ 0xa8(SP), R13								
  decide.go:295		0x60002d		488b942430020000	MOVQ 0x230(SP), DX								
  decide.go:295		0x600035		4c0f4cea		CMOVL DX, R13									
  decide.go:295		0x600039		4c89da			MOVQ R11, DX									
  decide.go:295		0x60003c		4d0f4cd8		CMOVL R8, R11									
  decide.go:295		0x600040		4c0f4cf8		CMOVL AX, R15									
  decide.go:295		0x600044		4c89bc24d0000000	MOVQ R15, 0xd0(SP)								
  decide.go:295		0x60004c		4c0f4ccf		CMOVL DI, R9									
  decide.go:295		0x600050		4c89e8			MOVQ R13, AX									
  decide.go:295		0x600053		4c8bac2458020000	MOVQ 0x258(SP), R13								
  decide.go:295		0x60005b		4c89ef			MOVQ R13, DI									
  decide.go:295		0x60005e		4d0f4cec		CMOVL R12, R13									
  decide.go:295		0x600062		4c8ba42450020000	MOVQ 0x250(SP), R12								
  decide.go:295		0x60006a		4d0f4ce2		CMOVL R10, R12									
  decide.go:295		0x60006e		4d89e2			MOVQ R12, R10									
  decide.go:295		0x600071		4c8ba424c0010000	MOVQ 0x1c0(SP), R12								
  decide.go:295		0x600079		4c8bbc24b8010000	MOVQ 0x1b8(SP), R15								
  decide.go:295		0x600081		4d0f4ce7		CMOVL R15, R12									
  decide.go:295		0x600085		4885d2			TESTQ DX, DX									
  decide.go:292		0x600088		0f8c66040000		JL 0x6004f4									
  decide.go:295		0x60008e		488b942470020000	MOVQ 0x270(SP), DX								
  decide.go:295		0x600096		4c8bbc2440020000	MOVQ 0x240(SP), R15								
  decide.go:295		0x60009e		6690			NOPW										
  decide.go:295		0x6000a0		4c39fa			CMPQ DX, R15									
  decide.go:295		0x6000a3		0f8f53040000		JG 0x6004fc									
  decide.go:295		0x6000a9		4d85c0			TESTQ R8, R8									
  decide.go:295		0x6000ac		0f8c4a040000		JL 0x6004fc									
  decide.go:295		0x6000b2		4c8bbc2438020000	MOVQ 0x238(SP), R15								
  decide.go:295		0x6000ba		660f1f440000		NOPW 0(AX)(AX*1)								
  decide.go:295		0x6000c0		4c39fa			CMPQ DX, R15									
  decide.go:295		0x6000c3		0f8f33040000		JG 0x6004fc									
  decide.go:295		0x6000c9		49bfffffffffffffff7f	MOVQ $0x7fffffffffffffff, R15							
  decide.go:295		0x6000d3		4d39df			CMPQ R15, R11									
  decide.go:295		0x6000d6		0f8e20040000		JLE 0x6004fc									
  decide.go:295		0x6000dc		4c898c24e8000000	MOVQ R9, 0xe8(SP)								
  decide.go:295		0x6000e4		4c89a42498010000	MOVQ R12, 0x198(SP)								
  decide.go:295		0x6000ec		4c89942450020000	MOVQ R10, 0x250(SP)								
  decide.go:295		0x6000f4		4889842448020000	MOVQ AX, 0x248(SP)								
  decide.go:296		0x6000fc		440fb67b1e		MOVZX 0x1e(BX), R15								
  decide.go:296		0x600101		41f6c780		TESTL $0x80, R15								
  decide.go:296		0x600105		0f84a8000000		JE 0x6001b3									
  decide.go:295		0x60010b		4c89ac24f0000000	MOVQ R13, 0xf0(SP)								
  decide.go:295		0x600113		4c899c2418010000	MOVQ R11, 0x118(SP)								
  decide.go:297		0x60011b		488b8c2460030000	MOVQ 0x360(SP), CX								
  decide.go:297		0x600123		4881c1a8000000		ADDQ $0xa8, CX									
  decide.go:297		0x60012a		488bbc2468030000	MOVQ 0x368(SP), DI								
  decide.go:297		0x600132		4883c738		ADDQ $0x38, DI									
  decide.go:297		0x600136		4889d8			MOVQ BX, AX									
  decide.go:297		0x600139		488b9c2410030000	MOVQ 0x310(SP), BX								
  decide.go:297		0x600141		be02000000		MOVL $0x2, SI									
  decide.go:297		0x600146		4c8b8424b8000000	MOVQ 0xb8(SP), R8								
  decide.go:297		0x60014e		e80d170000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.entry.reserveRest(SB)	
  decide.go:297		0x600153		84c0			TESTL AL, AL									
  decide.go:297		0x600155		0f845f030000		JE 0x6004ba									
  window.go:235		0x60015b		488b842448020000	MOVQ 0x248(SP), AX								
  decide.go:568		0x600163		488b8c2400010000	MOVQ 0x100(SP), CX								
  decide.go:302		0x60016b		488b942470020000	MOVQ 0x270(SP), DX								
  entry.go:326		0x600173		488b9c2408030000	MOVQ 0x308(SP), BX								
  decide.go:307		0x60017b		488bb42460020000	MOVQ 0x260(SP), SI								
  decide.go:565		0x600183		488bbc2458020000	MOVQ 0x258(SP), DI								
  decide.go:302		0x60018b		4c8b8c24e8000000	MOVQ 0xe8(SP), R9								
  window.go:199		0x600193		4c8b942450020000	MOVQ 0x250(SP), R10								
  decide.go:302		0x60019b		4c8b9c2418010000	MOVQ 0x118(SP), R11								
  decide.go:308		0x6001a3		4c8ba42498010000	MOVQ 0x198(SP), R12								
  decide.go:302		0x6001ab		4c8bac24f0000000	MOVQ 0xf0(SP), R13								
  decide.go:565		0x6001b3		4885ff			TESTQ DI, DI									
  decide.go:565		0x6001b6		7f0d			JG 0x6001c5									
  decide.go:565		0x6001b8		bf01000000		MOVL $0x1, DI									
  decide.go:565		0x6001bd		0f1f00			NOPL 0(AX)									
  decide.go:301		0x6001c0		e93b010000		JMP 0x600300									
  decide.go:301		0x6001c5		4c8b842460030000	MOVQ 0x360(SP), R8								
  decide.go:301		0x6001cd		450fb680a0000000	MOVZX 0xa0(R8), R8								
  decide.go:568		0x6001d5		4885c9			TESTQ CX, CX									
  decide.go:568		0x6001d8		41bf00000000		MOVL $0x0, R15									
  decide.go:568		0x6001de		490f4ccf		CMOVL R15, CX									
  decide.go:568		0x6001e2		4839cf			CMPQ DI, CX									
  decide.go:568		0x6001e5		480f4ccf		CMOVL DI, CX									
  decide.go:568		0x6001e9		4829cf			SUBQ CX, DI									
  decide.go:295		0x6001ec		4c89d1			MOVQ R10, CX									
  decide.go:569		0x6001ef		4c8b942458020000	MOVQ 0x258(SP), R10								
  decide.go:569		0x6001f7		49bcae47e17a14ae4701	MOVQ $0x147ae147ae147ae, R12							
  decide.go:569		0x600201		4d39e2			CMPQ R10, R12									
  decide.go:568		0x600204		7d11			JGE 0x600217									
  decide.go:570		0x600206		486bff64		IMULQ $0x64, DI, DI								
  decide.go:570		0x60020a		4d0fafd0		IMULQ R8, R10									
  decide.go:570		0x60020e		4c39d7			CMPQ DI, R10									
  decide.go:570		0x600211		410f9dc2		SETGE R10									
  decide.go:301		0x600215		eb39			JMP 0x600250									
  decide.go:572		0x600217		48b80bd7a3703d0ad7a3	MOVQ $0xa3d70a3d70a3d70b, AX							
  decide.go:572		0x600221		49f7e2			MULQ R10									
  decide.go:572		0x600224		48c1ea06		SHRQ $0x6, DX									
  decide.go:572		0x600228		4889f8			MOVQ DI, AX									
  decide.go:258		0x60022b		4889f7			MOVQ SI, DI									
  decide.go:572		0x60022e		4889d6			MOVQ DX, SI									
  decide.go:572		0x600231		31d2			XORL DX, DX									
  decide.go:572		0x600233		48f7f6			DIVQ SI										
  decide.go:572		0x600236		4c39c0			CMPQ AX, R8									
  decide.go:572		0x600239		410f9dc2		SETGE R10									
  window.go:235		0x60023d		488b842448020000	MOVQ 0x248(SP), AX								
  decide.go:302		0x600245		488b942470020000	MOVQ 0x270(SP), DX								
  decide.go:307		0x60024d		4889fe			MOVQ DI, SI									
  decide.go:301		0x600250		4584d2			TESTL R10, R10									
  decide.go:301		0x600253		7415			JE 0x60026a									
  window.go:199		0x600255		4989ca			MOVQ CX, R10									
  decide.go:308		0x600258		4c8ba42498010000	MOVQ 0x198(SP), R12								
  decide.go:308		0x600260		bf01000000		MOVL $0x1, DI									
  decide.go:301		0x600265		e996000000		JMP 0x600300									
  decide.go:565		0x60026a		4c8b942418020000	MOVQ 0x218(SP), R10								
  decide.go:565		0x600272		4d85d2			TESTQ R10, R10									
  decide.go:565		0x600275		7f07			JG 0x60027e									
  decide.go:565		0x600277		bf01000000		MOVL $0x1, DI									
  decide.go:301		0x60027c		eb77			JMP 0x6002f5									
  decide.go:258		0x60027e		4889f7			MOVQ SI, DI									
  decide.go:568		0x600281		488bb424f8000000	MOVQ 0xf8(SP), SI								
  decide.go:568		0x600289		4885f6			TESTQ SI, SI									
  decide.go:568		0x60028c		490f4cf7		CMOVL R15, SI									
  decide.go:568		0x600290		4939f2			CMPQ R10, SI									
  decide.go:568		0x600293		490f4cf2		CMOVL R10, SI									
  decide.go:568		0x600297		4d89d7			MOVQ R10, R15									
  decide.go:568		0x60029a		4929f2			SUBQ SI, R10									
  decide.go:568		0x60029d		0f1f00			NOPL 0(AX)									
  decide.go:569		0x6002a0		4d39e7			CMPQ R15, R12									
  decide.go:568		0x6002a3		7d1d			JGE 0x6002c2									
  decide.go:570		0x6002a5		496bf264		IMULQ $0x64, R10, SI								
  decide.go:570		0x6002a9		4d0fafc7		IMULQ R15, R8									
  decide.go:570		0x6002ad		4c39c6			CMPQ SI, R8									
  decide.go:570		0x6002b0		400f9dc6		SETGE SI									
  decide.go:301		0x6002b4		89f7			MOVL SI, DI									
  decide.go:307		0x6002b6		488bb42460020000	MOVQ 0x260(SP), SI								
  decide.go:307		0x6002be		6690			NOPW										
  decide.go:301		0x6002c0		eb33			JMP 0x6002f5									
  decide.go:295		0x6002c2		4889c6			MOVQ AX, SI									
  decide.go:572		0x6002c5		48b80bd7a3703d0ad7a3	MOVQ $0xa3d70a3d70a3d70b, AX							
  decide.go:128		0x6002cf		4989d4			MOVQ DX, R12									
  decide.go:572		0x6002d2		49f7e7			MULQ R15									
  decide.go:572		0x6002d5		48c1ea06		SHRQ $0x6, DX									
  decide.go:572		0x6002d9		4c89d0			MOVQ R10, AX									
  decide.go:572		0x6002dc		4989d2			MOVQ DX, R10									
  decide.go:572		0x6002df		31d2			XORL DX, DX									
  decide.go:572		0x6002e1		49f7f2			DIVQ R10									
  decide.go:572		0x6002e4		4c39c0			CMPQ AX, R8									
  decide.go:572		0x6002e7		0f9dc2			SETGE DL									
  window.go:235		0x6002ea		4889f0			MOVQ SI, AX									
  decide.go:307		0x6002ed		4889fe			MOVQ DI, SI									
  decide.go:301		0x6002f0		89d7			MOVL DX, DI									
  decide.go:302		0x6002f2		4c89e2			MOVQ R12, DX									
  window.go:199		0x6002f5		4989ca			MOVQ CX, R10									
  decide.go:308		0x6002f8		4c8ba42498010000	MOVQ 0x198(SP), R12								
  decide.go:301		0x600300		4084ff			TESTL DI, DI									
  entry.go:325		0x600303		740f			JE 0x600314									
  entry.go:326		0x600305		440fb6431e		MOVZX 0x1e(BX), R8								
  entry.go:326		0x60030a		4183c808		ORL $0x8, R8									
  entry.go:326		0x60030e		4488431e		MOVB R8, 0x1e(BX)								
  entry.go:326		0x600312		eb0d			JMP 0x600321									
  entry.go:328		0x600314		440fb6431e		MOVZX 0x1e(BX), R8								
  entry.go:328		0x600319		4183e0f7		ANDL $-0x9, R8									
  entry.go:328		0x60031d		4488431e		MOVB R8, 0x1e(BX)								
  decide.go:302		0x600321		4c8b842468030000	MOVQ 0x368(SP), R8								
  decide.go:302		0x600329		6641c7000101		MOVW $0x101, 0(R8)								
  decide.go:302		0x60032f		4d896808		MOVQ R13, 0x8(R8)								
  decide.go:302		0x600333		4d894810		MOVQ R9, 0x10(R8)								
  decide.go:302		0x600337		4d895818		MOVQ R11, 0x18(R8)								
  decide.go:302		0x60033b		4c8b9c24d0000000	MOVQ 0xd0(SP), R11								
  decide.go:302		0x600343		4901d3			ADDQ DX, R11									
  decide.go:302		0x600346		4d895820		MOVQ R11, 0x20(R8)								
  decide.go:307		0x60034a		4c8d1c16		LEAQ 0(SI)(DX*1), R11								
  decide.go:307		0x60034e		4c899c2470020000	MOVQ R11, 0x270(SP)								
  window.go:235		0x600356		4885c0			TESTQ AX, AX									
  window.go:235		0x600359		41bf00000000		MOVL $0x0, R15									
  window.go:235		0x60035f		490f4cc7		CMOVL R15, AX									
  window.go:235		0x600363		4c39c8			CMPQ AX, R9									
  window.go:195		0x600366		490f4fc1		CMOVG R9, AX									
  window.go:195		0x60036a		4889842490010000	MOVQ AX, 0x190(SP)								
  decide.go:304		0x600372		833d172c570000		CMPL runtime.writeBarrier(SB), $0x0						
  decide.go:304		0x600379		7512			JNE 0x60038d									
  decide.go:304		0x60037b		4c8b942410030000	MOVQ 0x310(SP), R10								
  decide.go:304		0x600383		4c8bbc24f0020000	MOVQ 0x2f0(SP), R15								
  decide.go:304		0x60038b		eb38			JMP 0x6003c5									
  decide.go:304		0x60038d		4d8b7840		MOVQ 0x40(R8), R15								
  decide.go:304		0x600391		498b4848		MOVQ 0x48(R8), CX								
  decide.go:304		0x600395		498b7838		MOVQ 0x38(R8), DI								
  decide.go:304		0x600399		e8621ce9ff		CALL runtime.gcWriteBarrier6(SB)						
  decide.go:304		0x60039e		49891b			MOVQ BX, 0(R11)									
  decide.go:304		0x6003a1		49897b08		MOVQ DI, 0x8(R11)								
  decide.go:304		0x6003a5		4c8b942410030000	MOVQ 0x310(SP), R10								
  decide.go:304		0x6003ad		4d895310		MOVQ R10, 0x10(R11)								
  decide.go:304		0x6003b1		4d897b18		MOVQ R15, 0x18(R11)								
  decide.go:304		0x6003b5		4c8bbc24f0020000	MOVQ 0x2f0(SP), R15								
  decide.go:304		0x6003bd		4d897b20		MOVQ R15, 0x20(R11)								
  decide.go:304		0x6003c1		49894b28		MOVQ CX, 0x28(R11)								
  decide.go:304		0x6003c5		49895838		MOVQ BX, 0x38(R8)								
  decide.go:304		0x6003c9		4d895040		MOVQ R10, 0x40(R8)								
  decide.go:304		0x6003cd		4d897848		MOVQ R15, 0x48(R8)								
  decide.go:304		0x6003d1		49895050		MOVQ DX, 0x50(R8)								
  decide.go:305		0x6003d5		8b942484000000		MOVL 0x84(SP), DX								
  decide.go:305		0x6003dc		41895058		MOVL DX, 0x58(R8)								
  decide.go:305		0x6003e0		488b942468020000	MOVQ 0x268(SP), DX								
  decide.go:305		0x6003e8		49895068		MOVQ DX, 0x68(R8)								
  decide.go:306		0x6003ec		8b942480000000		MOVL 0x80(SP), DX								
  decide.go:306		0x6003f3		4189505c		MOVL DX, 0x5c(R8)								
  decide.go:306		0x6003f7		488b9424a8010000	MOVQ 0x1a8(SP), DX								
  decide.go:306		0x6003ff		49895070		MOVQ DX, 0x70(R8)								
  decide.go:307		0x600403		488b942470020000	MOVQ 0x270(SP), DX								
  decide.go:307		0x60040b		6689531c		MOVW DX, 0x1c(BX)								
  decide.go:308		0x60040f		4889d8			MOVQ BX, AX									
  decide.go:308		0x600412		4889d3			MOVQ DX, BX									
  decide.go:308		0x600415		4c89e9			MOVQ R13, CX									
  decide.go:308		0x600418		4c89cf			MOVQ R9, DI									
  decide.go:308		0x60041b		0f1f440000		NOPL 0(AX)(AX*1)								
  decide.go:308		0x600420		e89b150000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*hotLine).weigh(SB)	
  decide.go:308		0x600425		488b942460020000	MOVQ 0x260(SP), DX								
  decide.go:308		0x60042d		4829d0			SUBQ DX, AX									
  decide.go:308		0x600430		488b942498010000	MOVQ 0x198(SP), DX								
  decide.go:308		0x600438		4801c2			ADDQ AX, DX									
  decide.go:308		0x60043b		0f1f440000		NOPL 0(AX)(AX*1)								
  window.go:197		0x600440		4885d2			TESTQ DX, DX									
  window.go:235		0x600443		7e18			JLE 0x60045d									
  window.go:198		0x600445		488b8c24e8000000	MOVQ 0xe8(SP), CX								
  window.go:198		0x60044d		4801c9			ADDQ CX, CX									
  window.go:198		0x600450		488b942490010000	MOVQ 0x190(SP), DX								
  window.go:198		0x600458		4829d1			SUBQ DX, CX									
  window.go:103		0x60045b		eb2c			JMP 0x600489									
  window.go:199		0x60045d		488b8c2450020000	MOVQ 0x250(SP), CX								
  window.go:199		0x600465		4885c9			TESTQ CX, CX									
  window.go:199		0x600468		7e1d			JLE 0x600487									
  window.go:199		0x60046a		488b8c2490010000	MOVQ 0x190(SP), CX								
  window.go:199		0x600472		488b9424e8000000	MOVQ 0xe8(SP), DX								
  window.go:199		0x60047a		4839d1			CMPQ CX, DX									
  window.go:199		0x60047d		7d08			JGE 0x600487									
  window.go:200		0x60047f		4829ca			SUBQ CX, DX									
  decide.go:309		0x600482		4889d1			MOVQ DX, CX									
  window.go:103		0x600485		eb02			JMP 0x600489									
  window.go:103		0x600487		31c9			XORL CX, CX									
  decide.go:309		0x600489		488b942468030000	MOVQ 0x368(SP), DX								
  decide.go:309		0x600491		48894a30		MOVQ CX, 0x30(DX)								
  decide.go:310		0x600495		90			NOPL										
  mutex.go:65		0x600496		90			NOPL										
  mutex.go:194		0x600497		bbffffffff		MOVL $-0x1, BX									
  mutex.go:194		0x60049c		488b842408030000	MOVQ 0x308(SP), AX								
  mutex.go:194		0x6004a4		f00fc118		LOCK XADDL BX, 0(AX)								
  mutex.go:194		0x6004a8		ffcb			DECL BX										
  mutex.go:195		0x6004aa		7405			JE 0x6004b1									
  mutex.go:198		0x6004ac		e80f96e9ff		CALL internal/sync.(*Mutex).unlockSlow(SB)					
  decide.go:311		0x6004b1		4881c438030000		ADDQ $0x338, SP									
  decide.go:311		0x6004b8		5d			POPQ BP										
  decide.go:311		0x6004b9		c3			RET										
  decide.go:316		0x6004ba		488b8c2410030000	MOVQ 0x310(SP), CX								
  decide.go:316		0x6004c2		488b9c2408030000	MOVQ 0x308(SP), BX								
  decide.go:316		0x6004ca		488bb424e8020000	MOVQ 0x2e8(SP), SI								
  decide.go:316		0x6004d2		4c8b8c2400030000	MOVQ 0x300(SP), R9								
  decide.go:316		0x6004da		4c8ba42470020000	MOVQ 0x270(SP), R12								
  decide.go:316		0x6004e2		4c8bac24b8000000	MOVQ 0xb8(SP), R13								
  decide.go:316		0x6004ea		4c8bbc24d8000000	MOVQ 0xd8(SP), R15								
  decide.go:298		0x6004f2		eb75			JMP 0x600569									
  decide.go:316		0x6004f4		488b942470020000	MOVQ 0x270(SP), DX								
  decide.go:316		0x6004fc		488b8c2410030000	MOVQ 0x310(SP), CX								
  decide.go:316		0x600504		488bb424e8020000	MOVQ 0x2e8(SP), SI								
  decide.go:316		0x60050c		4c8b8c2400030000	MOVQ 0x300(SP), R9								
  decide.go:316		0x600514		4989d4			MOVQ DX, R12									
  decide.go:316		0x600517		4c8bac24b8000000	MOVQ 0xb8(SP), R13								
  decide.go:316		0x60051f		4c8bbc24d8000000	MOVQ 0xd8(SP), R15								
  decide.go:295		0x600527		eb40			JMP 0x600569									
  decide.go:316		0x600529		4c8ba42470020000	MOVQ 0x270(SP), R12								
  decide.go:273		0x600531		eb36			JMP 0x600569									
  decide.go:316		0x600533		4c8ba42470020000	MOVQ 0x270(SP), R12								
  decide.go:273		0x60053b		eb2c			JMP 0x600569									
  decide.go:316		0x60053d		4c8ba42470020000	MOVQ 0x270(SP), R12								
  decide.go:272		0x600545		eb22			JMP 0x600569									
  decide.go:316		0x600547		488bb424e8020000	MOVQ 0x2e8(SP), SI								
  decide.go:316		0x60054f		4c8ba42470020000	MOVQ 0x270(SP), R12								
  decide.go:272		0x600557		eb10			JMP 0x600569									
  decide.go:316		0x600559		488bb424e8020000	MOVQ 0x2e8(SP), SI								
  decide.go:316		0x600561		4c8ba42470020000	MOVQ 0x270(SP), R12								
  decide.go:316		0x600569		488b942448030000	MOVQ 0x348(SP), DX								
  decide.go:316		0x600571		48891424		MOVQ DX, 0(SP)									
  decide.go:316		0x600575		488b942450030000	MOVQ 0x350(SP), DX								
  decide.go:316		0x60057d		4889542408		MOVQ DX, 0x8(SP)								
  decide.go:316		0x600582		488b942458030000	MOVQ 0x358(SP), DX								
  decide.go:316		0x60058a		4889542410		MOVQ DX, 0x10(SP)								
  decide.go:316		0x60058f		4c896c2418		MOVQ R13, 0x18(SP)								
  decide.go:316		0x600594		488b942468030000	MOVQ 0x368(SP), DX								
  decide.go:316		0x60059c		4889542420		MOVQ DX, 0x20(SP)								
  decide.go:316		0x6005a1		488b842460030000	MOVQ 0x360(SP), AX								
  decide.go:316		0x6005a9		4889cf			MOVQ CX, DI									
  decide.go:316		0x6005ac		4d89f8			MOVQ R15, R8									
  decide.go:316		0x6005af		4d89e2			MOVQ R12, R10									
  decide.go:316		0x6005b2		440fb69c24a0030000	MOVZX 0x3a0(SP), R11								
  decide.go:316		0x6005bb		4889d9			MOVQ BX, CX									
  decide.go:316		0x6005be		4c89cb			MOVQ R9, BX									
  decide.go:316		0x6005c1		4c8b8c24e0000000	MOVQ 0xe0(SP), R9								
  decide.go:316		0x6005c9		e8f2000000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).decideLocked(SB)	
  decide.go:317		0x6005ce		4881c438030000		ADDQ $0x338, SP									
  decide.go:317		0x6005d5		5d			POPQ BP										
  decide.go:317		0x6005d6		c3			RET										
  window.go:230		0x6005d7		e884eee4ff		CALL runtime.panicoverflow(SB)							
  window.go:230		0x6005dc		0f1f4000		NOPL 0(AX)									
  window.go:230		0x6005e0		e81beee4ff		CALL runtime.panicdivide(SB)							
  window.go:230		0x6005e5		e876eee4ff		CALL runtime.panicoverflow(SB)							
  window.go:230		0x6005ea		e811eee4ff		CALL runtime.panicdivide(SB)							
  window.go:230		0x6005ef		e86ceee4ff		CALL runtime.panicoverflow(SB)							
  window.go:230		0x6005f4		e807eee4ff		CALL runtime.panicdivide(SB)							
  decide.go:159		0x6005f9		90			NOPL										
  mutex.go:65		0x6005fa		90			NOPL										
  mutex.go:194		0x6005fb		b9ffffffff		MOVL $-0x1, CX									
  mutex.go:194		0x600600		f00fc10b		LOCK XADDL CX, 0(BX)								
  mutex.go:194		0x600604		ffc9			DECL CX										
  mutex.go:195		0x600606		7514			JNE 0x60061c									
  decide.go:160		0x600608		90			NOPL										
  decide.go:321		0x600609		488d05f0541700		LEAQ 0x1754f0(IP), AX								
  decide.go:321		0x600610		488d1d99222300		LEAQ 0x232299(IP), BX								
  decide.go:321		0x600617		e804a0e8ff		CALL runtime.gopanic(SB)							
  mutex.go:198		0x60061c		4889d8			MOVQ BX, AX									
  mutex.go:198		0x60061f		89cb			MOVL CX, BX									
  mutex.go:198		0x600621		e89a94e9ff		CALL internal/sync.(*Mutex).unlockSlow(SB)					
  mutex.go:198		0x600626		ebe0			JMP 0x600608									
  decide.go:132		0x600628		90			NOPL										
  decide.go:321		0x600629		488d05d0541700		LEAQ 0x1754d0(IP), AX								
  decide.go:321		0x600630		488d1d79222300		LEAQ 0x232279(IP), BX								
  decide.go:321		0x600637		e8e49fe8ff		CALL runtime.gopanic(SB)							
  decide.go:321		0x60063c		90			NOPL										
  decide.go:124		0x60063d		4889442420		MOVQ AX, 0x20(SP)								
  decide.go:124		0x600642		48895c2428		MOVQ BX, 0x28(SP)								
  decide.go:124		0x600647		48894c2430		MOVQ CX, 0x30(SP)								
  decide.go:124		0x60064c		48897c2438		MOVQ DI, 0x38(SP)								
  decide.go:124		0x600651		4889742440		MOVQ SI, 0x40(SP)								
  decide.go:124		0x600656		4c89442448		MOVQ R8, 0x48(SP)								
  decide.go:124		0x60065b		4c894c2450		MOVQ R9, 0x50(SP)								
  decide.go:124		0x600660		4c89542458		MOVQ R10, 0x58(SP)								
  decide.go:124		0x600665		44885c2460		MOVB R11, 0x60(SP)								
  decide.go:124		0x60066a		e811fee8ff		CALL runtime.morestack_noctxt.abi0(SB)						
  decide.go:124		0x60066f		488b442420		MOVQ 0x20(SP), AX								
  decide.go:124		0x600674		488b5c2428		MOVQ 0x28(SP), BX								
  decide.go:124		0x600679		488b4c2430		MOVQ 0x30(SP), CX								
  decide.go:124		0x60067e		488b7c2438		MOVQ 0x38(SP), DI								
  decide.go:124		0x600683		488b742440		MOVQ 0x40(SP), SI								
  decide.go:124		0x600688		4c8b442448		MOVQ 0x48(SP), R8								
  decide.go:124		0x60068d		4c8b4c2450		MOVQ 0x50(SP), R9								
  decide.go:124		0x600692		4c8b542458		MOVQ 0x58(SP), R10								
  decide.go:124		0x600697		440fb65c2460		MOVZX 0x60(SP), R11								
  decide.go:124		0x60069d		0f1f00			NOPL 0(AX)									
  decide.go:124		0x6006a0		e99be4ffff		JMP github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).ReserveTiers(SB)	
